#!/usr/bin/env bash
# portable_test.sh runs the scripts make test needs as on macOS, where the
# tools are BSD's and bash is 3.2: check-binaries.sh with a stat that
# refuses GNU's -c (as BSD stat does), and ensure-deps.sh (as on a machine
# without apt-get) with bash's mapfile and readarray turned off (bash 3.2
# has neither). Each must pass. make repo-check runs it.
set -euo pipefail
cd "$(dirname "$0")"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
for dir in /usr/local/bin /usr/bin /bin; do
  for f in "$dir"/*; do
    name="$(basename "$f")"
    case "$name" in stat|apt|apt-get|apt-cache|dpkg|dpkg-query|sudo) continue ;; esac
    [ -e "$bin/$name" ] || ln -s "$f" "$bin/$name"
  done
done
cat > "$bin/stat" <<'STAT'
#!/bin/sh
# BSD stat: -f FORMAT, no -c.
for a in "$@"; do
  if [ "$a" = -c ]; then echo "stat: illegal option -- c" >&2; exit 1; fi
done
exec /usr/bin/stat "$@"
STAT
chmod +x "$bin/stat"
if ! out="$(PATH="$bin" ./check-binaries.sh 2>&1)"; then
  echo "portable_test: check-binaries.sh failed with BSD's stat:"; echo "$out"; exit 1
fi
if ! out="$(PATH="$bin" bash -c 'enable -n mapfile readarray; . ./ensure-deps.sh run' 2>&1)" || ! grep -q "going on" <<<"$out"; then
  echo "portable_test: ensure-deps.sh failed without mapfile (bash 3.2, macOS):"; echo "$out"; exit 1
fi
echo "portable_test: ok (check-binaries.sh with BSD stat, ensure-deps.sh without mapfile)"
