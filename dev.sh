#!/usr/bin/env bash
# Set up a development machine (Debian 12 / Raspberry Pi OS) and run Tablecup.
#
#   ./dev.sh kiosk [options]   set up, then start the kiosk (solo vs the Robot by default)
#   ./dev.sh test [pytest args] set up, then run the fast lane: every test not marked slow
#   ./dev.sh test --all [args]  set up, then run every test (what CI runs)
#   ./dev.sh setup             only set up (system packages + .venv), always reinstalling the package
#
# Idempotent: packages already installed are skipped, the virtual environment is reused, and
# `kiosk` and `test` skip the package's install when nothing it builds has changed since the
# last one (see setup_venv).
set -euo pipefail
cd "$(dirname "$0")"

# System packages: Python's venv and headers with a C compiler (the engine's hot
# modules are compiled with Cython when the package installs), the libraries Kivy's SDL2 window needs (also offscreen,
# with Mesa's software OpenGL), and the tools the tests drive (systemd-analyze, debootstrap,
# Chromium and a font for the standings and organiser pages, shellcheck for install.sh, a bare
# X server with the tools that read its windows and picture for the kiosk full screen on X11).
APT_PACKAGES=(
  python3 python3-venv python3-dev build-essential
  libgl1 libegl1 libgles2 libgl1-mesa-dri libegl-mesa0 libmtdev1 libsdl2-2.0-0
  xclip
  systemd debootstrap chromium shellcheck
  xvfb x11-utils x11-apps
  fonts-dejavu-core
  sqlite3
)

need_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_system_packages() {
  command -v apt-get >/dev/null || { echo "dev.sh: no apt-get here; install ${APT_PACKAGES[*]} yourself" >&2; return; }
  local missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "dev.sh: installing ${missing[*]}"
    need_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

# What the package's install builds from, listed for its stamp: the project's metadata and build
# step (dependencies included; pyproject.toml less the test and lint tools' tables), the sources
# Cython compiles (setup.py's COMPILED list) and their declarations, the sound synthesiser and the
# catalogue compiler it runs, and the system packages above.  A change to any of them (or to the
# interpreter) reinstalls.
build_inputs_hash() {
  local compiled
  mapfile -t compiled < <(sed -n '/^COMPILED = \[/,/^\]/p' setup.py | grep -o '"[^"]*"' | tr -d '"')
  {
    awk '/^\[/ { tool = /^\[+tool\.(pytest|ruff|mypy)/ } !tool' pyproject.toml
    sha256sum setup.py kiosk/sound.py tools/catalogues.py "${compiled[@]}"
    find engine -name '*.pxd' -o -name '*.pyx' | sort | xargs sha256sum
    printf '%s\n' "${APT_PACKAGES[@]}" "TABLECUP_PURE_PYTHON=${TABLECUP_PURE_PYTHON:-}"
    .venv/bin/python -VV
  } | sha256sum | cut -d' ' -f1
}

# What the install made in the checkout is still there (`git clean -x` removes it): the kiosk's
# sounds, and every module setup.py compiles has its extension beside it.
built_files_present() {
  compgen -G "kiosk/sounds/*.wav" >/dev/null || return 1
  [ -n "${TABLECUP_PURE_PYTHON:-}" ] && return 0
  local src
  for src in $(sed -n '/^COMPILED = \[/,/^\]/p' setup.py | grep -o '"[^"]*"' | tr -d '"'); do
    compgen -G "${src%.*}.*.so" >/dev/null || return 1
  done
}

# The stamp lives in the venv, so a fresh clone (no .venv) always installs.
STAMP=.venv/tablecup-build-inputs

setup_venv() {
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  local inputs
  inputs=$(build_inputs_hash)
  if [ "${1:-}" != always ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$inputs" ] && built_files_present; then
    echo "dev.sh: .venv is up to date (nothing the install builds has changed; ./dev.sh setup reinstalls)"
  else
    rm -f "$STAMP"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e ".[test]"
    echo "$inputs" > "$STAMP"
  fi
  # The kiosk's gettext catalogues: the install compiled them (setup.py); compiling again
  # here is cheap and catches a .po edited since (Babel comes with the test extras).
  .venv/bin/python tools/catalogues.py compile >/dev/null
}

cmd="${1:-kiosk}"
shift || true
case "$cmd" in
  setup)
    install_system_packages; setup_venv always ;;
  test)
    # The fast lane unless --all: the tests marked slow (pyproject.toml's markers) are left out.
    # The fast lane runs one worker per core.  --all runs one more: its longest files wait
    # more than they compute (the Debian chroot's and the floors' downloads, trickled request
    # bodies, kiosks' polls), and a worker waiting on them would leave its core idle.
    lane=(-m "not slow")
    workers=auto
    args=()
    for arg in "$@"; do
      if [ "$arg" = --all ]; then lane=(); workers=$(( $(nproc) + 1 )); else args+=("$arg"); fi
    done
    install_system_packages; setup_venv
    # Kivy renders offscreen in tests: no X server, no window.  The engine must run
    # compiled (the build above compiled it; tests/engine/test_compiled_engine.py).
    export SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 TABLECUP_REQUIRE_COMPILED=1
    # Bytecode is kept (__pycache__, ignored by git) even where the shell says not to write it:
    # pytest then rewrites the test modules' asserts once, not at every run in every worker
    # (collecting the fast lane: 18 s of CPU per worker without the cache, 6 s with it).
    unset PYTHONDONTWRITEBYTECODE
    # A test file at a time per worker (files share fixtures and sub-processes);
    # TABLECUP_TEST_WORKERS=N runs N workers, 0 everything in this process.  The files are
    # handed out in the order tests/conftest.py sorts them (the long slow ones first), not
    # pytest-xdist's default of the files with the most tests first, and no file waits behind
    # one of the longest (tests/support/scheduling.py).
    # A -m of the arguments comes after the lane's and replaces it.
    exec .venv/bin/python -m pytest -n "${TABLECUP_TEST_WORKERS:-$workers}" --dist loadfile --no-loadscope-reorder \
      "${lane[@]}" "${args[@]}" ;;
  kiosk)
    install_system_packages; setup_venv
    exec .venv/bin/tablecup kiosk "$@" ;;
  *)
    echo "usage: ./dev.sh kiosk|test [--all]|setup" >&2; exit 2 ;;
esac
