#!/usr/bin/env bash
# ensure-deps.sh KIND... installs what glue's make targets need on a Debian
# machine, only what is missing. Kinds:
#   run   - GL/X/ALSA runtime libraries to open an Ebitengine window
#   test  - run + xvfb (headless window for pixel tests), xdotool (real
#           key presses and clicks in those windows), chromium and
#           node/npm (browser test), brotli (make wasm), staticcheck,
#           tiled (its tmxrasterizer draws the test maps of modules/tiled),
#           Debian's shellcheck (make repo-check checks the scripts)
#   wasm  - brotli, to precompress the browser build (make wasm)
# Works as root; uses sudo otherwise. Where it cannot install (no dpkg or
# apt-get, as on macOS or a non-Debian Linux; no sudo; apt-get failing) it
# says which packages it could not install and what they are for, and exits
# 0, so that `make run` goes on with `go run` (macOS and Windows need none
# of them). scripts/ensure-deps_test.sh checks that.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

pkgs=()
for kind in "$@"; do
  case "$kind" in
    run)  pkgs+=(libgl1 libgl1-mesa-dri libglx-mesa0 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 libasound2) ;;
    test) pkgs+=(libgl1 libgl1-mesa-dri libglx-mesa0 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 libasound2
                 xvfb xauth xdotool chromium nodejs npm brotli tiled shellcheck) ;;
    wasm) pkgs+=(brotli) ;;
    *) echo "ensure-deps: unknown kind $kind" >&2; exit 2 ;;
  esac
done

# cannot PACKAGES...: say what could not be installed and go on.
cannot() {
  local why="$1"; shift
  echo "ensure-deps: $why; not installed: $*" >&2
  echo "ensure-deps: a window needs OpenGL, X11 (Xrandr, Xcursor, Xinerama, Xi, Xxf86vm) and ALSA;" >&2
  echo "ensure-deps: make test also needs Xvfb, xdotool, Chromium, Node.js with npm, brotli and Tiled (tmxrasterizer)." >&2
  echo "ensure-deps: install their equivalents with your package manager (macOS and Windows need" >&2
  echo "ensure-deps: none of them to play); going on." >&2
}

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
  # (no mapfile: macOS has bash 3.2)
  want=$(printf '%s\n' "${pkgs[@]}" | sort -u | tr '\n' ' ')
  cannot "no dpkg-query or apt-get here (not Debian)" "${want% }"
  pkgs=()
fi

missing=()
for p in "${pkgs[@]+"${pkgs[@]}"}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    # node may come from elsewhere (e.g. nodesource); accept a working binary.
    case "$p" in
      nodejs) command -v node >/dev/null && continue ;;
      npm) command -v npm >/dev/null && continue ;;
    esac
    missing+=("$p")
  fi
done
# de-duplicate
if [ ${#missing[@]} -gt 0 ]; then
  sorted=()
  while IFS= read -r p; do sorted+=("$p"); done < <(printf '%s\n' "${missing[@]}" | sort -u)
  missing=("${sorted[@]}")
  if [ -n "$SUDO" ] && ! command -v sudo >/dev/null; then
    cannot "not root and no sudo" "${missing[*]}"
  else
    echo "ensure-deps: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; then
      cannot "apt-get failed" "${missing[*]}"
    fi
  fi
fi

for kind in "$@"; do
  if [ "$kind" = test ]; then
    command -v go >/dev/null || { echo "ensure-deps: no go command: install Go 1.25 or newer from https://go.dev/dl/" >&2; exit 1; }
    gobin="$(go env GOPATH)/bin"
    if ! [ -x "$gobin/staticcheck" ] || ! "$gobin/staticcheck" -version 2>/dev/null | grep -q "v0.7.0"; then
      echo "ensure-deps: installing staticcheck v0.7.0"
      (cd / && GOFLAGS=-mod=mod go install honnef.co/go/tools/cmd/staticcheck@v0.7.0)
    fi
  fi
done
