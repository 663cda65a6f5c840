#!/usr/bin/env bash
# The check before a release: Tablecup installed on Debian 12 arm64 (the Raspberry Pi's
# architecture) plays every game exactly as it does here.
#
#   sudo bash tools/release-check-arm64.sh [--root DIR] [--keep] [--reuse]
#
# 1. builds a Debian 12 (bookworm) arm64 system with debootstrap, run under qemu-user-static
#    (binfmt_misc registered if it is not);
# 2. copies this checkout into it and runs the Pi owner's install path there, as root, exactly
#    as docs/raspberry-pi.md says: `bash systemd/install.sh` (systemd does not run inside, so no
#    service starts; the installer's offline path, the one image builds take);
# 3. runs, in the arm64 system and on this machine, every game's seeded simulations
#    (`tablecup simulate --json`, Challengers! with the compiled engine and with the pure one) and
#    the fixed-seed event-log digest of tests/support/engine_digest.py, and compares the outputs
#    byte for byte.
#
# It prints each stage's time and PASS or FAIL for every comparison, and exits 0 only if every
# output is identical. Under emulation the install takes most of an hour (pip builds the engine's
# Cython modules with an emulated compiler); it is not part of CI.
#
# Needs: root, a Debian-based host with apt (it installs debootstrap, qemu-user-static and
# binfmt-support when missing) and the network to a Debian mirror and to PyPI.
#   --root DIR  where the arm64 system is built (default /var/tmp/tablecup-arm64); deleted at the end
#   --keep      keep it (to look inside, or to run the comparisons again with --reuse)
#   --reuse     skip debootstrap and install when DIR already holds an installed system
#   TABLECUP_ARM64_MIRROR  the Debian mirror (default: the one this machine's apt uses)
set -euo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
ROOT=/var/tmp/tablecup-arm64
KEEP=0
REUSE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        --reuse) REUSE=1; KEEP=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "release-check-arm64: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

SUITE=bookworm
HOST_CA=${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}
CHROOT_CA=/etc/host-ca-bundle.crt
OUT=$(mktemp -d /tmp/tablecup-arm64-check.XXXXXX)
STARTED=$(date +%s)
STAGE_START=$STARTED

say() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
die() { say "FAILED: $*" >&2; exit 1; }
stage_done() {
    local now; now=$(date +%s)
    say "stage '$1' took $((now - STAGE_START)) s"
    STAGE_START=$now
}

[ "$(id -u)" -eq 0 ] || die "run as root (debootstrap, chroot and mount need it)"
command -v apt-get >/dev/null || die "needs a Debian-based host (apt-get)"

host_mirror() {
    # The Debian mirror this machine's apt uses for bookworm (one-line .list or deb822 .sources
    # files; other repositories and disabled files are skipped), else Debian's CDN.
    local f uri=""
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        uri=$(awk -v suite="$SUITE" '
            /^[[:space:]]*deb[[:space:]]/ { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/ && $(i+1) == suite) { print $i; exit } }
            /^URIs:/ { uris = $2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = 1 }
            /^[[:space:]]*$/ { if (found && uris) { print uris; exit } found = 0; uris = "" }
            END { if (found && uris) print uris }' "$f" | grep -v security | head -1)
        [ -n "$uri" ] && break
    done
    echo "${uri:-http://deb.debian.org/debian}"
}
MIRROR=${TABLECUP_ARM64_MIRROR:-$(host_mirror)}

unmount_all() {
    local target
    for target in "$ROOT/var/cache/pip-cache" "$ROOT/proc"; do
        mountpoint -q "$target" 2>/dev/null && { umount "$target" || umount -l "$target"; }
    done
    return 0
}
cleanup() {
    unmount_all
    if [ "$KEEP" -eq 0 ] && [ -d "$ROOT" ]; then
        # Never delete a tree with anything still mounted in it.
        if grep -q " $ROOT/" /proc/self/mounts; then
            say "still mounted under $ROOT: not deleting it"
        else
            rm -rf "$ROOT"
        fi
    fi
}
trap cleanup EXIT

in_root() {
    local env=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8
               TERM=dumb PIP_ROOT_USER_ACTION=ignore PIP_CACHE_DIR=/var/cache/pip-cache)
    [ -f "$ROOT$CHROOT_CA" ] && env+=("PIP_CERT=$CHROOT_CA" "SSL_CERT_FILE=$CHROOT_CA")
    chroot "$ROOT" /usr/bin/env -i "${env[@]}" "$@"
}

# ---- 1. the host's tools and the arm64 system ----------------------------------------------
missing=()
for pkg in debootstrap qemu-user-static binfmt-support; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    say "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
fi
[ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || die "qemu-aarch64 is not registered with binfmt_misc"
stage_done "host tools"

if [ "$REUSE" -eq 1 ] && [ -x "$ROOT/opt/tablecup/venv/bin/tablecup" ]; then
    say "reusing the installed arm64 system in $ROOT"
    mount -t proc proc "$ROOT/proc"
else
    unmount_all
    grep -q " $ROOT/" /proc/self/mounts && die "something is still mounted under $ROOT"
    rm -rf "$ROOT"
    mkdir -p "$ROOT"
    say "debootstrap $SUITE arm64 from $MIRROR into $ROOT"
    debootstrap --arch=arm64 --variant=minbase --foreign "$SUITE" "$ROOT" "$MIRROR" >"$OUT/debootstrap.log" 2>&1 \
        || die "debootstrap (first stage): see $OUT/debootstrap.log"
    chroot "$ROOT" /debootstrap/debootstrap --second-stage >>"$OUT/debootstrap.log" 2>&1 \
        || die "debootstrap (second stage, emulated): see $OUT/debootstrap.log"
    [ "$(in_root dpkg --print-architecture)" = arm64 ] || die "the new system is not arm64"
    stage_done "debootstrap (arm64, emulated second stage)"

    # ---- 2. the Pi owner's install path ----------------------------------------------------
    cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf"
    # This machine may reach PyPI through a TLS proxy with its own CA: pip inside gets the
    # host's trusted roots (a real Pi needs nothing).
    [ -f "$HOST_CA" ] && cp "$HOST_CA" "$ROOT$CHROOT_CA"
    printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"     # no service starts inside
    chmod 755 "$ROOT/usr/sbin/policy-rc.d"
    mkdir -p "$ROOT/boot/firmware" "$ROOT/var/cache/pip-cache"
    echo "console=tty1 root=PARTUUID=1234abcd-02 rootfstype=ext4 fsck.repair=yes rootwait" \
        >"$ROOT/boot/firmware/cmdline.txt"
    printf '[all]\ndtoverlay=vc4-kms-v3d\n' >"$ROOT/boot/firmware/config.txt"
    mkdir -p "$ROOT/src"
    tar -C "$REPO" --exclude=.git --exclude=.venv --exclude=__pycache__ --exclude='*.egg-info' \
        --exclude=build --exclude='*.so' --exclude=.pytest_cache -cf - . | tar -C "$ROOT/src" -xf -
    mount -t proc proc "$ROOT/proc"
    say "bash systemd/install.sh in the arm64 system (emulated: most of an hour)"
    in_root bash -c "cd / && bash /src/systemd/install.sh" >"$OUT/install.log" 2>&1 \
        || { tail -40 "$OUT/install.log" >&2; die "install.sh: see $OUT/install.log"; }
    stage_done "install.sh (arm64, emulated)"
fi

# ---- 3. the same outputs on both machines ----------------------------------------------------
# The host runs this checkout's code with its compiled engine (./dev.sh setup builds it in place).
HOST_PY=${TABLECUP_HOST_PYTHON:-$REPO/.venv/bin/python}
[ -x "$HOST_PY" ] || die "no host Python at $HOST_PY: run ./dev.sh setup first (or set TABLECUP_HOST_PYTHON)"
ARM_PY=/opt/tablecup/venv/bin/python
in_root "$ARM_PY" -c 'import platform; print(platform.machine())' | grep -qx aarch64 \
    || die "the installed Python in $ROOT does not run as aarch64"

# Each check: a name and a command run by both Pythons from / (the installed package, not the
# checkout). Challengers! twice: compiled (as installed) and pure (TABLECUP_PURE_PYTHON=1).
CHECKS=(
    "challengers-8|-m tablecup.cli simulate --game challengers --players 8 --seed 7 --json"
    "challengers-beach-5|-m tablecup.cli simulate --game challengers --players 5 --box beach --seed 11 --json"
    "challengers-solo|-m tablecup.cli simulate --game challengers --players 1 --robot-level 5 --solo-cards --seed 3 --json"
    "between|-m tablecup.cli simulate --game between --players 2 --seed 5 --json"
    "wacky-7|-m tablecup.cli simulate --game wacky --players 7 --seed 5 --json"
    "wacky-2|-m tablecup.cli simulate --game wacky --players 2 --seed 9 --json"
    "cosplay-4|-m tablecup.cli simulate --game cosplay --players 4 --seed 5 --json"
    "cosplay-2|-m tablecup.cli simulate --game cosplay --players 2 --seed 9 --json"
    "event-digest|SRC/tests/support/engine_digest.py"
)
fails=0
run_check() {  # name, where (host|arm64), pure (0|1), args -> OUT/name.where.pure
    local name=$1 where=$2 pure=$3 args=$4 file argv
    file="$OUT/$name.$where.pure$pure"
    if [ "$where" = host ]; then
        read -ra argv <<<"${args//SRC/$REPO}"
        # The checkout's own code on the host (PYTHONPATH), as copied into the arm64 system.
        (cd / && PYTHONPATH=$REPO TABLECUP_PURE_PYTHON=$pure "$HOST_PY" "${argv[@]}") >"$file" 2>"$file.err"
    else
        in_root env TABLECUP_PURE_PYTHON="$pure" bash -c "cd / && $ARM_PY ${args//SRC//src}" >"$file" 2>"$file.err"
    fi
}
for check in "${CHECKS[@]}"; do
    name=${check%%|*}
    args=${check#*|}
    for pure in 0 1; do
        case "$name" in challengers*|event-digest) ;; *) [ "$pure" -eq 1 ] && continue ;; esac
        run_check "$name" host "$pure" "$args" || { say "FAIL $name (pure=$pure): the host run failed"; fails=$((fails+1)); continue; }
        run_check "$name" arm64 "$pure" "$args" || { say "FAIL $name (pure=$pure): the arm64 run failed"; fails=$((fails+1)); continue; }
        # The digest line names the compiled modules too: identical lists mean both ran compiled.
        if cmp -s "$OUT/$name.host.pure$pure" "$OUT/$name.arm64.pure$pure"; then
            say "PASS $name (pure=$pure): $(wc -c <"$OUT/$name.host.pure$pure") bytes identical, sha256 $(sha256sum "$OUT/$name.host.pure$pure" | cut -c1-16)"
        else
            say "FAIL $name (pure=$pure): outputs differ (diff $OUT/$name.host.pure$pure $OUT/$name.arm64.pure$pure)"
            fails=$((fails+1))
        fi
    done
done
stage_done "comparisons"

say "outputs kept in $OUT; total $(( $(date +%s) - STARTED )) s"
if [ "$fails" -eq 0 ]; then
    say "RELEASE CHECK PASSED: every output identical on arm64"
else
    say "RELEASE CHECK FAILED: $fails output(s) differ or failed"
    exit 1
fi
