#!/bin/sh
# xvfb-exec.sh PROGRAM [ARG...] runs PROGRAM in a virtual X server of its
# own, and stops the server after it. make unit gives it to go test as
# -exec, so that each test binary that opens a window has its display to
# itself: in one shared server, a window opening in one package's tests
# took the keyboard focus from another's (a game then pauses, xdotool's
# keys go astray), which hung swarm's draw benchmark and failed diag's
# rewind test when go test ran several packages at once (-p 8).
#
# Xvfb picks a free display itself (-displayfd), so servers started at
# once never race for a number. Where a display is there already (a
# desktop, or DISPLAY set by the caller) or not on Linux, PROGRAM runs as
# it is; without Xvfb too (its window tests skip, saying so), but under
# CI (CI set), where that is an error.
set -eu
if [ "$(uname -s)" != Linux ] || [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$@"
fi
if ! command -v Xvfb >/dev/null 2>&1; then
  if [ -n "${CI:-}" ]; then
    echo "xvfb-exec: no display and no Xvfb under CI: install xvfb (scripts/ensure-deps.sh test)" >&2
    exit 1
  fi
  exec "$@" # the tests that need a window skip themselves, saying why
fi
dir=$(mktemp -d)
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$dir/display" 2>"$dir/log" &
xvfb=$!
# shellcheck disable=SC2317 # called by the EXIT trap
stop() {
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM
# Xvfb writes the display's number once it accepts clients.
i=0
while [ ! -s "$dir/display" ]; do
  if ! kill -0 "$xvfb" 2>/dev/null || [ "$i" -ge 200 ]; then
    echo "xvfb-exec: Xvfb did not start in 10 s:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  sleep 0.05
  i=$((i + 1))
done
DISPLAY=":$(head -n 1 "$dir/display")"
export DISPLAY
status=0
"$@" || status=$?
exit "$status"
