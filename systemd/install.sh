#!/usr/bin/env bash
# Tablecup installer for Raspberry Pi OS Lite (Bookworm) and Debian 12.
#
#   sudo bash systemd/install.sh                 # a table (kiosk)
#   sudo bash systemd/install.sh --coordinator   # the Pi that also runs the coordinator
#   sudo bash systemd/install.sh --uninstall     # remove everything but the data
#
# What it does (every step can be repeated safely):
#   1. apt: Python (venv, headers), a C compiler, the Mesa/EGL/GBM/DRM libraries that Kivy's
#      bundled SDL2 loads for the KMS/DRM console backend, libmtdev (touch),
#      GPIO tools, sqlite3.
#   2. Groups video render input gpio dialout audio (missing ones are created,
#      e.g. gpio on plain Debian) and the system user "tablecup" in them.
#   3. /opt/tablecup/venv with this checkout pip-installed (plus lgpio); not built again
#      when the venv already holds a build of the same files.
#   4. Units into /etc/systemd/system, /etc/tablecup/tablecup.env (only if
#      absent), a udev rule giving the gpio group /dev/gpiochip*, and
#      /usr/local/bin/tablecup (runs the venv's command with the services'
#      settings: "sudo tablecup doctor").
#   5. Enables tablecup-kiosk.service and tablecup-backup.timer (and
#      tablecup-coordinator.service with --coordinator), frees tty1 from its
#      login prompt, switches off console blanking (consoleblank=0).
#   6. Reloads systemd only when systemd is actually running; inside a chroot
#      or an image build everything is put in place offline.
#   It warns when the data folder is lost at power-off (Raspberry Pi OS's overlay
#   file system, a tmpfs): see docs/raspberry-pi.md, "Data that survives a reboot".
#
# Environment:
#   TABLECUP_PIP_ARGS   extra arguments for every "pip install", e.g.
#                       "--no-deps" or "--no-index --find-links /wheels"
#   TABLECUP_SKIP_APT=1 do not run apt-get (packages already installed)
#   TABLECUP_REBUILD=1  build and install Tablecup again even when the venv already
#                       holds a build of these very files (step 3 skips it then)
set -euo pipefail

PREFIX=/opt/tablecup
VENV=$PREFIX/venv
UNIT_DIR=/etc/systemd/system
CONF_DIR=/etc/tablecup
ENV_FILE=$CONF_DIR/tablecup.env
DATA_DIR=/var/lib/tablecup
CMDLINE=/boot/firmware/cmdline.txt
CONFIG_TXT=/boot/firmware/config.txt
UDEV_RULE=/etc/udev/rules.d/60-tablecup-gpio.rules
WRAPPER=/usr/local/bin/tablecup
LGPIO_REQUIREMENT="lgpio>=0.2.2"
SVC_USER=tablecup
SVC_GROUPS=(video render input gpio dialout audio)
UNITS=(tablecup-kiosk.service tablecup-coordinator.service tablecup-backup.service tablecup-backup.timer)
APT_PACKAGES=(
    # Python, and a C compiler: pip compiles the engine's hot modules (Cython)
    python3 python3-venv python3-dev build-essential ca-certificates
    # Kivy (pip wheel, bundles SDL2) on the console: EGL/GLES + GBM/DRM from Mesa
    libegl1 libgles2 libgl1 libegl-mesa0 libgl1-mesa-dri libgbm1 libdrm2
    # multitouch (Kivy's mtdev provider), udev for SDL's evdev input, sound
    libmtdev1 libudev1 libasound2
    # the kiosk's font (every glyph its texts use: arrows, accents, ×)
    fonts-dejavu-core
    # GPIO character device tools (gpioinfo/gpioget for debugging wiring)
    gpiod
    # databases: sqlite3 CLI for support and restores
    sqlite3
    # systemctl; already there on Raspberry Pi OS
    systemd
)

log() { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

MODE=install
COORDINATOR=0
while [ $# -gt 0 ]; do
    case "$1" in
        --coordinator) COORDINATOR=1 ;;
        --uninstall) MODE=uninstall ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
    shift
done

[ "$(id -u)" -eq 0 ] || die "must be run as root: sudo bash $0 $*"

SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC_DIR=$(dirname "$SCRIPT_DIR")

# systemd is "running" only if it is PID 1 of the system we are installed into:
# /run/systemd/system exists then (sd_booted). Inside a chroot /run is the
# chroot's own (empty) one; systemd-detect-virt --chroot double-checks.
systemd_running() {
    if command -v systemd-detect-virt >/dev/null 2>&1 \
        && systemd-detect-virt --quiet --chroot 2>/dev/null; then
        return 1
    fi
    [ -d /run/systemd/system ]
}

# Run systemctl for unit-file operations; offline when systemd is not running.
sysctl_files() {
    if systemd_running; then
        systemctl "$@"
    else
        SYSTEMD_OFFLINE=1 systemctl "$@"
    fi
}

unit_wanted_by() {
    sed -n 's/^WantedBy=//p' "$UNIT_DIR/$1" | tr ' ' '\n' | sed '/^$/d'
}

enable_unit() {
    local unit=$1 target ok=1
    if command -v systemctl >/dev/null 2>&1; then
        sysctl_files enable "$unit" >/dev/null 2>&1 || ok=0
    else
        ok=0
    fi
    # Check (and if needed create) the wants symlinks ourselves: works without
    # systemctl, e.g. in a minimal chroot.
    for target in $(unit_wanted_by "$unit"); do
        if [ ! -L "$UNIT_DIR/$target.wants/$unit" ]; then
            [ "$ok" -eq 1 ] && warn "systemctl enable $unit left no link in $target.wants; adding it"
            mkdir -p "$UNIT_DIR/$target.wants"
            ln -sf "$UNIT_DIR/$unit" "$UNIT_DIR/$target.wants/$unit"
        fi
    done
}

disable_unit() {
    local unit=$1 dir
    if command -v systemctl >/dev/null 2>&1; then
        if systemd_running; then
            systemctl disable --now "$unit" >/dev/null 2>&1 || true
        else
            SYSTEMD_OFFLINE=1 systemctl disable "$unit" >/dev/null 2>&1 || true
        fi
    fi
    for dir in "$UNIT_DIR"/*.wants "$UNIT_DIR"/*.requires; do
        [ -d "$dir" ] || continue
        rm -f "$dir/$unit"
    done
}

copy_source() {
    # pip builds in the source tree (build/, *.egg-info); build from a copy so
    # the checkout does not get root-owned files.
    local dest=$1
    mkdir -p "$dest"
    tar -C "$SRC_DIR" \
        --exclude=./.git --exclude=./.venv --exclude=./build --exclude='*.egg-info' \
        --exclude='__pycache__' --exclude='*.so' --exclude='*.c' --exclude=./.pytest_cache --exclude=./tests/artifacts \
        -cf - . | tar -C "$dest" -xf -
}

source_fingerprint() {
    # What a build from the copy $1 depends on: every file's name and contents, the pip
    # arguments, the build switch and the venv's Python.
    local dir=$1
    {
        (cd "$dir" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum)
        printf 'pip args: %s\npure: %s\n' "${TABLECUP_PIP_ARGS:-}" "${TABLECUP_PURE_PYTHON:-}"
        "$VENV/bin/python" -VV
    } | sha256sum | cut -d' ' -f1
}

ensure_cmdline_param() {
    # cmdline.txt is a single line; add or fix consoleblank=0 on it.
    local file=$1
    [ -f "$file" ] || return 0
    if grep -Eq '(^|[[:space:]])consoleblank=0([[:space:]]|$)' "$file"; then
        return 0
    fi
    log "$file was: $(head -n 1 "$file")"
    if grep -Eq '(^|[[:space:]])consoleblank=[0-9]+' "$file"; then
        sed -i -E '1 s/(^|[[:space:]])consoleblank=[0-9]+/\1consoleblank=0/' "$file"
    else
        sed -i -E '1 s/[[:space:]]*$/ consoleblank=0/' "$file"
    fi
    log "console blanking off: consoleblank=0 in $file (takes effect after reboot)"
}

do_install() {
    [ -f "$SRC_DIR/pyproject.toml" ] || die "no pyproject.toml in $SRC_DIR: run the script from a Tablecup checkout"
    for unit in "${UNITS[@]}"; do
        [ -f "$SCRIPT_DIR/$unit" ] || die "missing $SCRIPT_DIR/$unit"
    done

    # 1. Debian packages
    if [ "${TABLECUP_SKIP_APT:-0}" != 1 ]; then
        log "installing Debian packages"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -q
        apt-get install -y -q --no-install-recommends "${APT_PACKAGES[@]}"
    fi
    command -v python3 >/dev/null 2>&1 || die "python3 is missing"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python $(python3 -c 'import platform; print(platform.python_version())') is too old: Tablecup needs Raspberry Pi OS Bookworm (Python 3.11) or newer"
    case "$(uname -m)" in
        aarch64|x86_64) ;;
        *) warn "$(uname -m) is not a 64-bit system: Kivy may have to be built from source (use the 64-bit Raspberry Pi OS Lite)" ;;
    esac

    # 2. groups and user
    local group
    for group in "${SVC_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            log "creating group $group"
            groupadd --system "$group"
        fi
    done
    if ! id -u "$SVC_USER" >/dev/null 2>&1; then
        log "creating system user $SVC_USER"
        useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "Tablecup kiosk" "$SVC_USER"
    fi
    usermod -a -G "$(IFS=,; echo "${SVC_GROUPS[*]}")" "$SVC_USER"
    install -d -m 0750 -o "$SVC_USER" -g "$SVC_USER" "$DATA_DIR"
    # After an uninstall + reinstall the user may have a new uid: re-own the data.
    chown -R "$SVC_USER:$SVC_USER" "$DATA_DIR"

    # 3. virtualenv
    if [ -x "$VENV/bin/python" ] && ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
        warn "$VENV is broken (Python upgraded?): recreating it"
        rm -rf "$VENV"
    fi
    if [ ! -x "$VENV/bin/python" ]; then
        log "creating $VENV"
        install -d -m 0755 "$PREFIX"
        python3 -m venv "$VENV"
    fi
    local pip_args=() build
    read -r -a pip_args <<< "${TABLECUP_PIP_ARGS:-}"
    build=$(mktemp -d)
    # A global, not the local: the trap runs when the script exits, after this function returned.
    BUILD_TMP=$build
    trap 'rm -rf "$BUILD_TMP"' EXIT
    copy_source "$build/src"
    # Building compiles the engine (minutes on a Pi): not again for the files already built,
    # as when the script runs again to add --coordinator.
    local fingerprint stamp=$VENV/.tablecup-built-from
    fingerprint=$(source_fingerprint "$build/src")
    if [ "${TABLECUP_REBUILD:-0}" != 1 ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ] \
        && "$VENV/bin/python" -c 'import tablecup.cli' >/dev/null 2>&1; then
        log "Tablecup in $VENV is already built from these files: not building it again (TABLECUP_REBUILD=1 would)"
    else
        rm -f "$stamp"
        log "installing Tablecup into $VENV (pip${pip_args[*]:+ ${pip_args[*]}})"
        "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input \
            "${pip_args[@]}" "$build/src"
        printf '%s\n' "$fingerprint" > "$stamp"
    fi
    # lgpio: gpiozero's pin factory for Bookworm, the only one that works on a Pi 5. 0.2.2 is its
    # first release with a module in it (the one before is empty).
    if ! "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input \
        "${pip_args[@]}" "$LGPIO_REQUIREMENT"; then
        warn "could not install lgpio: GPIO buttons/LEDs will not work (set GPIOZERO_PIN_FACTORY in $ENV_FILE)"
    fi
    [ -x "$VENV/bin/tablecup" ] || die "pip did not create $VENV/bin/tablecup"
    # "sudo tablecup doctor" from a shell: same folders and settings as the
    # services; "backup" runs as the service user so its files stay writable
    # for the timer.
    install -d -m 0755 "$(dirname "$WRAPPER")"
    cat > "$WRAPPER" <<EOF
#!/bin/sh
# Installed by Tablecup's install.sh: runs $VENV/bin/tablecup with the
# settings of the systemd services.
TABLECUP_DATA=$DATA_DIR
TABLECUP_CONFIG=$CONF_DIR
export TABLECUP_DATA TABLECUP_CONFIG
if [ -r $ENV_FILE ]; then
    set -a
    . $ENV_FILE
    set +a
fi
if [ "\$(id -u)" = 0 ] && [ "\${1:-}" = backup ] && id -u $SVC_USER >/dev/null 2>&1; then
    exec setpriv --reuid=$SVC_USER --regid=$SVC_USER --init-groups $VENV/bin/tablecup "\$@"
fi
exec $VENV/bin/tablecup "\$@"
EOF
    chmod 0755 "$WRAPPER"
    if [ -f "$SRC_DIR/docs/raspberry-pi.md" ]; then
        install -D -m 0644 "$SRC_DIR/docs/raspberry-pi.md" "$PREFIX/docs/raspberry-pi.md"
    fi

    # 4. units, config, udev
    log "installing systemd units into $UNIT_DIR"
    install -d -m 0755 "$UNIT_DIR"
    for unit in "${UNITS[@]}"; do
        install -m 0644 "$SCRIPT_DIR/$unit" "$UNIT_DIR/$unit"
    done
    install -d -m 0755 "$CONF_DIR"
    # The players' settings: the one folder under /etc the kiosk writes (ReadWritePaths).
    install -d -m 0750 -o "$SVC_USER" -g "$SVC_USER" "$CONF_DIR/settings"
    if [ ! -e "$ENV_FILE" ]; then
        install -m 0644 "$SCRIPT_DIR/tablecup.env" "$ENV_FILE"
        log "created $ENV_FILE"
    else
        log "keeping existing $ENV_FILE"
    fi
    install -d -m 0755 "$(dirname "$UDEV_RULE")"
    cat > "$UDEV_RULE" <<'EOF'
# Installed by Tablecup: GPIO character devices for the gpio group (Raspberry Pi
# OS has the same rule in 99-com.rules; plain Debian does not).
SUBSYSTEM=="gpio", KERNEL=="gpiochip*", GROUP="gpio", MODE="0660"
EOF

    # 5. enable
    log "enabling tablecup-kiosk.service and tablecup-backup.timer"
    enable_unit tablecup-kiosk.service
    enable_unit tablecup-backup.timer
    if [ "$COORDINATOR" -eq 1 ]; then
        log "enabling tablecup-coordinator.service"
        enable_unit tablecup-coordinator.service
    fi
    # The kiosk owns tty1 (Conflicts=getty@tty1.service); also keep the login
    # prompt from being started there at boot. Other consoles (Alt+F2) and SSH
    # still work.
    if [ -e "$UNIT_DIR/getty.target.wants/getty@tty1.service" ]; then
        log "disabling the login prompt on tty1"
        disable_unit getty@tty1.service
    fi
    # A desktop's display manager holds the display (DRM master): the kiosk
    # could never show. Boot to the console instead.
    if command -v systemctl >/dev/null 2>&1 && [ -e "$UNIT_DIR/display-manager.service" ]; then
        local target
        target=$(sysctl_files get-default 2>/dev/null || true)
        if [ "$target" = graphical.target ]; then
            warn "a desktop is installed: booting to the console instead (systemctl set-default multi-user.target); --uninstall restores it"
            echo "$target" > "$PREFIX/previous-default-target"
            sysctl_files set-default multi-user.target >/dev/null
        fi
    fi
    ensure_cmdline_param "$CMDLINE"
    if [ -f "$CONFIG_TXT" ] && ! grep -Eq '^[[:space:]]*dtoverlay=vc4-(f)?kms-v3d' "$CONFIG_TXT"; then
        warn "$CONFIG_TXT has no dtoverlay=vc4-kms-v3d: without it there is no /dev/dri/card* and the kiosk cannot draw"
    fi

    # Data that survives: under raspi-config's overlay file system (or on a tmpfs) the games saved in
    # $DATA_DIR are in RAM and lost at every power-off. Say so; the owner decides (docs/raspberry-pi.md).
    local lost
    lost=$("$VENV/bin/python" -m appliance.storage "$DATA_DIR" 2>/dev/null || true)
    if [ -n "$lost" ]; then
        warn "$lost"
        warn "turn the overlay off (sudo raspi-config: Performance Options > Overlay File System > No, then reboot) or set TABLECUP_DATA in $ENV_FILE to a folder on a writable partition"
    fi

    # 6. reload
    if systemd_running; then
        log "reloading systemd"
        systemctl daemon-reload
        if udevadm control --reload >/dev/null 2>&1; then
            udevadm trigger --subsystem-match=gpio >/dev/null 2>&1 || true
        fi
        systemctl start tablecup-backup.timer
        # An update while the kiosk runs: restart it with the new code.
        systemctl try-restart tablecup-kiosk.service
        if [ "$COORDINATOR" -eq 1 ]; then
            systemctl restart tablecup-coordinator.service
        fi
        log "done. Reboot to start the kiosk: sudo reboot"
    else
        log "systemd is not running here (chroot/image build): units enabled offline, they start on the next boot"
    fi
}

do_uninstall() {
    log "removing Tablecup (the data in $DATA_DIR is kept)"
    local unit
    for unit in "${UNITS[@]}"; do
        disable_unit "$unit"
        rm -f "$UNIT_DIR/$unit"
    done
    rm -f "$UDEV_RULE"
    if [ -f "$WRAPPER" ] && grep -q "Installed by Tablecup" "$WRAPPER"; then
        rm -f "$WRAPPER"
    fi
    if command -v systemctl >/dev/null 2>&1 && [ -e /lib/systemd/system/getty@.service ] \
        && [ ! -e "$UNIT_DIR/getty.target.wants/getty@tty1.service" ]; then
        sysctl_files enable getty@tty1.service >/dev/null 2>&1 \
            || { mkdir -p "$UNIT_DIR/getty.target.wants"; ln -sf /lib/systemd/system/getty@.service "$UNIT_DIR/getty.target.wants/getty@tty1.service"; }
    fi
    if [ -f "$PREFIX/previous-default-target" ] && command -v systemctl >/dev/null 2>&1; then
        sysctl_files set-default "$(cat "$PREFIX/previous-default-target")" >/dev/null || true
    fi
    rm -rf "$PREFIX"
    rm -f "$ENV_FILE"
    rm -rf "$CONF_DIR/settings"          # the players' settings (text size, colours, volume)
    if [ -d "$CONF_DIR" ] && ! rmdir "$CONF_DIR" 2>/dev/null; then
        warn "kept $CONF_DIR: it holds other files ($(find "$CONF_DIR" -mindepth 1 -maxdepth 1 -printf '%f '))"
    fi
    if id -u "$SVC_USER" >/dev/null 2>&1; then
        userdel "$SVC_USER"
    fi
    if getent group "$SVC_USER" >/dev/null; then
        groupdel "$SVC_USER" || true
    fi
    if systemd_running; then
        systemctl daemon-reload
        systemctl reset-failed "${UNITS[@]}" >/dev/null 2>&1 || true
    fi
    log "removed. Kept: $DATA_DIR (databases and backups), the Debian packages, consoleblank=0 in $CMDLINE"
}

case "$MODE" in
    install) do_install ;;
    uninstall) do_uninstall ;;
esac
