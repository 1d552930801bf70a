#!/bin/sh
# codelines DIR: non-blank lines outside // and /* */ comments of the
# non-test, non-generated .go files directly in DIR.
for f in "$1"/*.go; do
  case "$f" in *_test.go|*_gen.go) continue;; esac
  cat "$f"
done | awk '
  /^[ \t]*\/\*/ { inc = 1 }
  inc { if ($0 ~ /\*\//) inc = 0; next }
  /^[ \t]*$/ { next }
  /^[ \t]*\/\// { next }
  { n++ }
  END { print n+0 }'
