#!/bin/bash
# Walk hardware/README.md's Raspberry Pi install on Debian Bookworm arm64, emulated.
#
# Raspberry Pi OS is Debian Bookworm with Raspberry Pi's own archive on top; that archive is not used
# here, so this is the closest this machine gets to a Pi: an arm64 Bookworm made with mmdebstrap and
# run through qemu-user-static. The script reads the commands out of the README's sections (so a
# changed README is walked as written) and runs them as an admin user with sudo, in the README's order
# of work: section 7 (install), 3 (print the board), 8 (settings), 9 (tock doctor), 10 (LEDs), 11 (the
# service), then starts `tock serve` and asks it for its table page. What Debian lacks, or what needs a
# real Pi, is replaced and said so in the log ("stand-in:"). The last run's outcome belongs in
# hardware/README.md ("The install walked on arm64").
#
# Run by hand, as root, never in CI (it downloads about 400 MB of Debian packages and PyPI sources and
# takes the better part of an hour, most of it in the emulated engine build):
#
#   sudo nice -n 15 hardware/pi-walk/walk.sh [--skip-engine] [--engine-timeout SECONDS] [--keep]
#
# Needs: mmdebstrap, arch-test, qemu-user-static (apt install mmdebstrap arch-test qemu-user-static), the
# network to Debian's mirror and to PyPI. The committed HEAD of this repository is what gets installed.
set -euo pipefail

REPO=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
COMMIT=$(git -C "$REPO" rev-parse HEAD)
SKIP_ENGINE=0
ENGINE_TIMEOUT=3600
KEEP=0
MIRROR=http://deb.debian.org/debian
PORT=18724
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-engine) SKIP_ENGINE=1 ;;
        --engine-timeout) ENGINE_TIMEOUT=$2; shift ;;
        --keep) KEEP=1 ;;
        --mirror) MIRROR=$2; shift ;;
        *) echo "usage: $0 [--skip-engine] [--engine-timeout SECONDS] [--keep] [--mirror URL]" >&2; exit 2 ;;
    esac
    shift
done

[ "$(id -u)" = 0 ] || { echo "run it as root (mmdebstrap, chroot and mounts need it)" >&2; exit 2; }
for tool in mmdebstrap arch-test qemu-aarch64-static git python3; do
    command -v "$tool" >/dev/null || { echo "$tool is missing: apt install mmdebstrap arch-test qemu-user-static git" >&2; exit 2; }
done

# The kernel runs arm64 programs through qemu only when binfmt_misc knows it (the F flag of Debian's
# entry opens the interpreter at registration, so it also works inside the chroot).
if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
    mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    cat /usr/lib/binfmt.d/qemu-aarch64.conf > /proc/sys/fs/binfmt_misc/register
fi

WORK=$(mktemp -d /var/tmp/tock-pi-walk.XXXXXX)
ROOT=$WORK/root
LOG=${LOG:-$REPO/hardware/pi-walk/last-run.log}
SUMMARY=()
: > "$LOG"

say() { echo "$*" | tee -a "$LOG"; }

chroot_pids() {
    local link
    for proc in /proc/[0-9]*; do
        link=$(readlink "$proc/root" 2>/dev/null) || continue
        case "$link" in "$ROOT"|"$ROOT"/*) echo "${proc#/proc/}" ;; esac
    done
}

cleanup() {
    local pids
    pids=$(chroot_pids)
    [ -z "$pids" ] || kill $pids 2>/dev/null || true
    sleep 2
    pids=$(chroot_pids)
    [ -z "$pids" ] || kill -9 $pids 2>/dev/null || true
    for mnt in dev/pts dev proc sys; do
        mountpoint -q "$ROOT/$mnt" 2>/dev/null && umount -l "$ROOT/$mnt"
    done
    if [ "$KEEP" = 1 ]; then
        say "kept the chroot in $ROOT"
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT

# step NAME EXPECT COMMAND...: run COMMAND, time it, and record whether it passed: "ok" wants exit
# status 0, "any" takes any status (tock doctor fails the checks a Pi would pass).
step() {
    local name=$1 expect=$2 start status verdict
    shift 2
    say ""
    say "=== $name"
    start=$(date +%s)
    set +e
    "$@" >>"$LOG" 2>&1 </dev/null  # the README's lines are read from stdin: no command may eat them
    status=$?
    set -e
    local seconds=$(( $(date +%s) - start ))
    if [ "$expect" = any ] || { [ "$expect" = ok ] && [ $status = 0 ]; }; then
        verdict=passed
    else
        verdict=FAILED
    fi
    say "--- $name: exit $status, $verdict, ${seconds} s"
    SUMMARY+=("$verdict  ${seconds} s  $name (exit $status)")
    [ "$verdict" = passed ]
}

# as_admin COMMAND: one README line in a login shell, as the admin types it. Lines with sudo run as
# root: qemu's binfmt entry has no C flag, so the kernel grants an emulated sudo no setuid and a plain
# user's sudo refuses to run; root's sudo needs none. Lines without sudo run as the plain admin 'maker'.
as_admin() {
    if [[ "$1" == *sudo* ]]; then
        chroot "$ROOT" /usr/bin/env -i TERM=dumb /bin/su - root -c "$1"
    else
        chroot "$ROOT" /usr/bin/env -i TERM=dumb /bin/su - maker -c "$1"
    fi
}

# readme_block SECTION N: the N-th ```sh block of README section SECTION ("7" for "## 7. ..."), read
# from the commit being installed (not the working tree, which may change while the walk runs).
readme_block() {
    git -C "$REPO" show "$COMMIT:hardware/README.md" | python3 -c '
import re, sys
text = sys.stdin.read()
section = re.search(rf"^## {re.escape(sys.argv[1])}\. .*?(?=^## |\Z)", text, re.S | re.M)
if section is None:
    sys.exit(f"README has no section {sys.argv[1]}")
blocks = re.findall(r"^```(sh|toml)\n(.*?)^```", section.group(0), re.S | re.M)
print(blocks[int(sys.argv[2])][1], end="")
' "$1" "$2"
}

# The README's lines with what this emulated Debian cannot have replaced, each replacement logged.
standin() {
    sed -e "s#<this repository>#/srv/tock-companion.git#" \
        -e "s# python3-picamera2##; s# python3-lgpio##"
}

say "walk of hardware/README.md on Debian Bookworm arm64 (qemu-user-static), $(date -u '+%Y-%m-%d %H:%M UTC')"
say "repository: ${COMMIT:0:7} $(git -C "$REPO" log -1 --format=%s | cut -c1-80)"
git -C "$REPO" diff --quiet HEAD || say "note: uncommitted changes are not walked (the committed HEAD is)"

step "bootstrap Debian Bookworm arm64 (mmdebstrap)" ok \
    mmdebstrap --arch=arm64 --variant=apt --components=main \
        --include=sudo,ca-certificates,systemd,curl,procps,time,python3 bookworm "$ROOT" "$MIRROR"

# What Raspberry Pi OS has and plain Debian has not: the admin user with sudo, the gpio and spi
# groups, the host's certificate bundle (for PyPI behind this machine's network), the repository.
mount -t proc proc "$ROOT/proc"
mount --rbind /sys "$ROOT/sys"
mount --bind /dev "$ROOT/dev"
mount --bind /dev/pts "$ROOT/dev/pts"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
echo "127.0.1.1 $(hostname)" >> "$ROOT/etc/hosts"  # sudo looks its host name up
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
chroot "$ROOT" groupadd --system gpio
chroot "$ROOT" groupadd --system spi
chroot "$ROOT" useradd --create-home --shell /bin/bash --groups sudo,gpio,spi,video maker
echo "maker ALL=(ALL) NOPASSWD: ALL" > "$ROOT/etc/sudoers.d/maker"
# the commit the walk started from, even when the branch moves on while it runs
git clone --quiet --bare "$REPO" "$ROOT/srv/tock-companion.git"
git -C "$ROOT/srv/tock-companion.git" branch --force pi-walk "$COMMIT"
git -C "$ROOT/srv/tock-companion.git" symbolic-ref HEAD refs/heads/pi-walk
chmod -R a+rX "$ROOT/srv/tock-companion.git"
printf '[safe]\n\tdirectory = /srv/tock-companion.git\n' > "$ROOT/etc/gitconfig"
say "stand-in: groups gpio and spi made (Raspberry Pi OS has them); lines with sudo run as root, the others as user 'maker'"
say "stand-in: '<this repository>' is a bare clone of HEAD at /srv/tock-companion.git (owned by root, marked safe for git)"
say "stand-in: python3-picamera2 and python3-lgpio left out of apt install (only in Raspberry Pi's archive)"

failed=0
run_block() {  # run_block LABEL SECTION N [skip-pattern]: each line of a README block, in order
    local label=$1 lines line n=0
    lines=$(readme_block "$2" "$3" | sed -e 's/[[:space:]]#.*$//' -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' | standin)
    while IFS= read -r line; do
        n=$((n + 1))
        if [ -n "${4:-}" ] && [[ "$line" =~ $4 ]]; then
            say "skipped (--skip-engine): $line"
            continue
        fi
        if [[ "$line" == *build_engine* ]]; then
            step "§$2 $label: $line" ok as_admin "timeout $ENGINE_TIMEOUT /usr/bin/time -v $line" || failed=1
        else
            step "§$2 $label: $line" ok as_admin "$line" || failed=1
        fi
    done <<< "$lines"
}

run_block install 7 0
if [ "$SKIP_ENGINE" = 1 ]; then
    run_block "compiled engine" 7 1 "mypy|build_engine"
else
    run_block "compiled engine" 7 1
fi
run_block "print the board" 3 0

# §8: the README's settings, with what needs a real Pi swapped for the simulation.
readme_block 8 0 | sed -e 's/^source = "picamera2"/source = "sim"/' \
    -e 's/^backend = "ws281x"/backend = "sim"/' -e 's/^enabled = true/enabled = false/' \
    > "$ROOT/home/tock/tock.toml"
printf '\n[web]\nport = %s\n' "$PORT" >> "$ROOT/home/tock/tock.toml"
chroot "$ROOT" chown tock:tock /home/tock/tock.toml
say "stand-in: tock.toml from §8 with camera 'sim', LEDs 'sim', buttons off, web port $PORT (no camera, strip or lgpio here)"

# §9: off a Pi the doctor fails what only a Pi has (picamera2, lgpio), one line each, no traceback.
step "§9 tock doctor (its output is the point)" any as_admin "$(readme_block 9 0)"
if grep -q Traceback "$LOG"; then say "FAILED: a traceback in the log"; failed=1; fi
say "skipped: §9's camera check (rpicam-hello is Raspberry Pi's, and there is no camera here)"
# Off a Pi the doctor skips its Python checks: run them as on a Pi 4, in the tock user's venv, where
# numpy must still be Debian's 1.24 and OpenCV Debian's 4.6 after the install.
step "§9 tock doctor's Python checks, as on a Pi 4 (venv, numpy, OpenCV)" ok \
    chroot "$ROOT" /bin/su - tock -c "/home/tock/tock-venv/bin/python -c 'from hardware.doctor import Machine, Setup, run_checks
checks = run_checks(Setup(), Machine(\"Raspberry Pi 4 Model B Rev 1.4\"))[:3]
print(*(check.line() for check in checks), sep=\"\\n\")
raise SystemExit(any(check.status != \"ok\" for check in checks))'" || failed=1

run_block "light the board" 10 0
# §10's recording, fed Enter for every LED (each suggested hole accepted), then switched off.
step "§10 tock leds map (Enter for every LED)" ok as_admin \
    "yes '' | $(readme_block 10 1 | head -n 1 | sed 's/[[:space:]]#.*$//')" || failed=1
step "§10 tock leds off" ok as_admin "$(readme_block 10 1 | grep 'leds off' | sed 's/[[:space:]]#.*$//')" || failed=1
step "§10 the recorded map is where the service reads it" ok \
    test -f "$ROOT/home/tock/.config/tock/leds/tock4.leds.json" || failed=1

# §11: the unit, checked by systemd itself; enabled (a chroot runs no systemd, so not started).
step "§11 the service unit" ok as_admin \
    "sudo cp /home/tock/tock-companion/hardware/systemd/tock.service /etc/systemd/system/ && sudo systemd-analyze verify /etc/systemd/system/tock.service && sudo systemctl enable tock" || failed=1

# What the unit starts, started by hand: the table page must answer.
serve_and_ask() {
    chroot "$ROOT" /bin/su - tock -c "cd /home/tock && exec /home/tock/tock-venv/bin/tock serve --config /home/tock/tock.toml" &
    local serve=$!
    for _ in $(seq 1 120); do
        if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/"; then
            kill "$serve"; wait "$serve" || true
            return 0
        fi
        kill -0 "$serve" 2>/dev/null || return 1
        sleep 5
    done
    kill "$serve"; wait "$serve" || true
    return 1
}
step "tock serve answers on port $PORT" ok serve_and_ask || failed=1

say ""
say "=== summary ($(date -u '+%Y-%m-%d %H:%M UTC'))"
for line in "${SUMMARY[@]}"; do say "$line"; done
exit $failed
