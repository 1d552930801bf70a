#!/usr/bin/env bash
# ensure-deps_test.sh runs ensure-deps.sh as on a machine without dpkg and
# apt-get (a PATH of every command here but those and sudo) and checks
# that it names what it could not install and exits 0, so that `make run`
# goes on to `go run`. make test runs it.
set -euo pipefail
cd "$(dirname "$0")"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
for dir in /usr/local/bin /usr/bin /bin; do
  for f in "$dir"/*; do
    name="$(basename "$f")"
    case "$name" in apt|apt-get|apt-cache|dpkg|dpkg-query|sudo) continue ;; esac
    [ -e "$bin/$name" ] || ln -s "$f" "$bin/$name"
  done
done
out="$(PATH="$bin" ./ensure-deps.sh run 2>&1)" || { echo "ensure-deps_test: ensure-deps.sh run failed without apt-get:"; echo "$out"; exit 1; }
for want in "not Debian" "not installed: " "libgl1" "going on"; do
  if ! grep -q -- "$want" <<<"$out"; then
    echo "ensure-deps_test: the message lacks \"$want\":"; echo "$out"; exit 1
  fi
done
echo "ensure-deps_test: ok (without apt-get it says what it could not install and goes on)"
