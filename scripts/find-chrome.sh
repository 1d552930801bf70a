#!/bin/sh
# find-chrome.sh prints the path of a Chromium or Chrome for the browser
# tests (web/test), the first found of: $CHROME, $CHROMIUM, chromium,
# chromium-browser, google-chrome, google-chrome-stable on PATH, and the
# macOS applications of Chromium and Google Chrome. It prints nothing and
# exits 1 when there is none.
set -eu
for c in "${CHROME:-}" "${CHROMIUM:-}"; do
  if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; exit 0; fi
done
for c in chromium chromium-browser google-chrome google-chrome-stable; do
  if p=$(command -v "$c" 2>/dev/null); then echo "$p"; exit 0; fi
done
for c in "/Applications/Chromium.app/Contents/MacOS/Chromium" \
         "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"; do
  if [ -x "$c" ]; then echo "$c"; exit 0; fi
done
exit 1
