#!/bin/sh
# release-check.sh VERSION checks what tagging glue VERSION (e.g. v0.1.0)
# needs, and says each check it passed:
#   - gofmt: every tracked Go file formatted;
#   - go vet ./...;
#   - the tests: go test ./... (make test-go; make test runs the rest);
#   - the API against the last tag: apidiff (golang.org/x/exp) lists what
#     changed in glue's packages since that tag, and VERSION must be the
#     right step for it (an addition: a new minor version; a change that
#     breaks users: a new minor version before v1, a new major one after);
#     with no tag yet there is nothing to compare, and it says so.
#     (gorelease, from the same module, does this too, but reads the
#     proxy's version lists, which some proxies refuse.)
#   - go.mod has no replace line (a user's build would ignore it);
#   - CHANGELOG.md has an entry for VERSION (a heading that names it).
# It fails at the first check that does not pass. make release-check runs
# it.
set -eu
version="${1:?usage: release-check.sh VERSION (e.g. v0.1.0)}"
go="${GO:-go}"
# apidiff's version: golang.org/x/exp at an exact version the Go proxy
# serves.
apidiff="golang.org/x/exp/cmd/apidiff@v0.0.0-20261113113407-e3970619a1a4"
module=github.com/gluekit/glue
cd "$(git rev-parse --show-toplevel)"

case "$version" in
  v[0-9]*.[0-9]*.[0-9]*) ;;
  *) echo "release-check: $version is not a semantic version such as v0.1.0" >&2; exit 2 ;;
esac

unformatted=$(git ls-files '*.go' | xargs gofmt -l)
if [ -n "$unformatted" ]; then
  echo "release-check: gofmt needed:" >&2; echo "$unformatted" >&2; exit 1
fi
echo "release-check: gofmt: ok"

"$go" vet ./...
echo "release-check: go vet: ok"

scripts/with-display.sh "$go" test -count=1 ./...
echo "release-check: go test: ok"

if "$go" mod edit -json | grep -q '"Replace": \['; then
  echo "release-check: go.mod has a replace line: a module that requires glue ignores it, so glue must build without it; remove it" >&2
  exit 1
fi
echo "release-check: go.mod: no replace lines"

if ! grep -Eq "^##+ .*$(printf '%s' "$version" | sed 's/\./\\./g')([^0-9.]|$)" CHANGELOG.md; then
  echo "release-check: CHANGELOG.md has no heading for $version: add one (## $version) with what a user of glue notices" >&2
  exit 1
fi
echo "release-check: CHANGELOG.md: has $version"

last=$(git tag --list 'v[0-9]*' --sort=-v:refname | head -n 1)
if [ -z "$last" ]; then
  echo "release-check: API: no tag yet, so there is no earlier API to compare with; $version will be the first tag"
else
  if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
    echo "release-check: $version is already tagged" >&2; exit 1
  fi
  echo "release-check: API: comparing with $last (apidiff)"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  GOBIN="$tmp" "$go" install "$apidiff"
  mkdir "$tmp/old"
  git archive "$last" | tar -x -C "$tmp/old"
  # (apidiff says on stderr which internal packages it ignores.)
  if ! (cd "$tmp/old" && "$tmp/apidiff" -m -w "$tmp/old.api" "$module") >"$tmp/log" 2>&1; then
    grep -v '^Ignoring internal package' "$tmp/log" >&2; exit 1
  fi
  if ! "$tmp/apidiff" -m "$tmp/old.api" "$module" >"$tmp/log" 2>&1; then
    grep -v '^Ignoring internal package' "$tmp/log" >&2; exit 1
  fi
  report=$(grep -v '^Ignoring internal package' "$tmp/log" || true)
  [ -z "$report" ] || echo "$report"
  # The step from the last tag to VERSION: major, minor or patch.
  IFS=. read -r lmaj lmin lpat <<EOV
${last#v}
EOV
  IFS=. read -r vmaj vmin vpat <<EOV
${version#v}
EOV
  lpat=${lpat%%[-+]*}; vpat=${vpat%%[-+]*}
  if [ "$vmaj" -gt "$lmaj" ]; then step=major
  elif [ "$vmaj" -eq "$lmaj" ] && [ "$vmin" -gt "$lmin" ]; then step=minor
  elif [ "$vmaj" -eq "$lmaj" ] && [ "$vmin" -eq "$lmin" ] && [ "$vpat" -gt "$lpat" ]; then step="patch"
  else echo "release-check: $version does not come after $last" >&2; exit 1
  fi
  need="patch"
  if printf '%s\n' "$report" | grep -q '^Compatible changes:'; then need=minor; fi
  if printf '%s\n' "$report" | grep -q '^Incompatible changes:'; then
    if [ "$lmaj" -eq 0 ]; then need=minor; else need=major; fi
  fi
  case "$need:$step" in
    patch:*|minor:minor|minor:major|major:major) ;;
    *) echo "release-check: the API changed as above since $last: $version is a $step step, it needs a $need one" >&2; exit 1 ;;
  esac
  echo "release-check: API: ok for $version"
fi
echo "release-check: $version can be tagged: git tag $version && git push origin $version"
