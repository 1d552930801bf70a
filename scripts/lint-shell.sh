#!/bin/sh
# lint-shell.sh checks every shell script tracked by git with shellcheck
# (Debian's shellcheck package; scripts/ensure-deps.sh test installs it).
# Without shellcheck it says so and passes, except under CI (CI set), where
# that is an error. make repo-check runs it.
set -eu
cd "$(git rev-parse --show-toplevel)"
if ! command -v shellcheck >/dev/null 2>&1; then
  if [ -n "${CI:-}" ]; then
    echo "lint-shell: not installed under CI: install it (scripts/ensure-deps.sh test)" >&2
    exit 1
  fi
  echo "lint-shell: skipped: shellcheck is not installed (apt-get install shellcheck, brew install shellcheck)" >&2
  exit 0
fi
git ls-files -z '*.sh' .ci/run | xargs -0 shellcheck
echo "lint-shell: ok ($(git ls-files '*.sh' .ci/run | wc -l | tr -d ' ') scripts)"
