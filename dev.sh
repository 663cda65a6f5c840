#!/usr/bin/env bash
# Set up a development machine (Debian 12 / Raspberry Pi OS) and run Tablecup.
#
#   ./dev.sh kiosk [options]   set up, then start the kiosk (solo vs the Robot by default)
#   ./dev.sh test [pytest args] set up, then run the whole test suite
#   ./dev.sh setup             only set up (system packages + .venv)
#
# Idempotent: packages already installed are skipped, the virtual environment is reused.
set -euo pipefail
cd "$(dirname "$0")"

# System packages: Python's venv and headers with a C compiler (the engine's hot
# modules are compiled with Cython when the package installs), the libraries Kivy's SDL2 window needs (also offscreen,
# with Mesa's software OpenGL), and the tools the tests drive (systemd-analyze, debootstrap,
# Chromium and a font for the standings and organiser pages, shellcheck for install.sh).
APT_PACKAGES=(
  python3 python3-venv python3-dev build-essential
  libgl1 libegl1 libgles2 libgl1-mesa-dri libegl-mesa0 libmtdev1 libsdl2-2.0-0
  xclip
  systemd debootstrap chromium shellcheck
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

setup_venv() {
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
  fi
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e ".[test]"
  # The kiosk's gettext catalogues: the install above compiled them (setup.py); compiling again
  # here is cheap and catches a .po edited since (Babel comes with the test extras).
  .venv/bin/python tools/catalogues.py compile >/dev/null
}

cmd="${1:-kiosk}"
shift || true
case "$cmd" in
  setup)
    install_system_packages; setup_venv ;;
  test)
    install_system_packages; setup_venv
    # Kivy renders offscreen in tests: no X server, no window.  The engine must run
    # compiled (the build above compiled it; tests/engine/test_compiled_engine.py).
    export SDL_VIDEODRIVER=offscreen KIVY_NO_ARGS=1 KIVY_NO_CONSOLELOG=1 TABLECUP_REQUIRE_COMPILED=1
    # One worker per core, a test file at a time per worker (files share fixtures and
    # sub-processes); TABLECUP_TEST_WORKERS=0 runs everything in this process.
    exec .venv/bin/python -m pytest -n "${TABLECUP_TEST_WORKERS:-auto}" --dist loadfile "$@" ;;
  kiosk)
    install_system_packages; setup_venv
    exec .venv/bin/tablecup kiosk "$@" ;;
  *)
    echo "usage: ./dev.sh kiosk|test|setup" >&2; exit 2 ;;
esac
