#!/usr/bin/env bash
# check-binaries.sh fails if a file tracked by git is a binary (it holds a
# NUL byte) larger than 1 MB, such as a game built with `go build` at the
# repository root and committed by mistake. make test runs it.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
limit=$((1024 * 1024))
bad=0
while IFS= read -r -d '' f; do
  [ -f "$f" ] || continue
  size=$(wc -c < "$f" | tr -d ' ') # portable: GNU stat -c and BSD stat -f differ
  [ "$size" -gt "$limit" ] || continue
  # binary: its first 8000 bytes hold a NUL byte
  if [ "$(head -c 8000 -- "$f" | tr -d '\000' | wc -c)" -lt 8000 ]; then
    echo "check-binaries: $f is a binary of $size bytes (over 1 MB) tracked by git; remove it (git rm --cached $f) and add it to .gitignore"
    bad=1
  fi
done < <(git ls-files -z)
exit $bad
