#!/bin/sh
# with-display.sh CMD [ARG...] runs CMD where it can open a window: on
# Linux without a display (no DISPLAY or WAYLAND_DISPLAY), inside a virtual
# X server (xvfb-run); elsewhere (macOS, Windows, a Linux desktop) as it
# is, in a real window. Without a display and without xvfb-run it says so
# and runs CMD anyway, where the tests that need a window skip themselves
# with a line saying why; under CI (CI set) that is an error instead, so
# that CI never passes without its window tests.
set -eu
if [ "$(uname -s)" != Linux ] || [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$@"
fi
if command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24" "$@"
fi
if [ -n "${CI:-}" ]; then
  echo "with-display: no display and no xvfb-run under CI: install xvfb and xauth (scripts/ensure-deps.sh test)" >&2
  exit 1
fi
echo "with-display: no display and no xvfb-run: the tests that open a window will skip (install xvfb and xauth to run them)" >&2
exec "$@"
