#!/usr/bin/env bash
# ensure-deps.sh KIND... installs what glue's make targets need on a Debian
# machine, only what is missing. Kinds:
#   run   - GL/X/ALSA runtime libraries to open an Ebitengine window
#   test  - run + xvfb (headless window for pixel tests), xdotool (real
#           key presses and clicks in those windows), chromium and
#           node/npm (browser test), brotli (make wasm), staticcheck
#   wasm  - brotli, to precompress the browser build (make wasm)
# Works as root; uses sudo otherwise.
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

pkgs=()
for kind in "$@"; do
  case "$kind" in
    run)  pkgs+=(libgl1 libgl1-mesa-dri libglx-mesa0 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 libasound2) ;;
    test) pkgs+=(libgl1 libgl1-mesa-dri libglx-mesa0 libx11-6 libxrandr2 libxcursor1 libxinerama1 libxi6 libxxf86vm1 libasound2
                 xvfb xauth xdotool chromium nodejs npm brotli) ;;
    wasm) pkgs+=(brotli) ;;
    *) echo "ensure-deps: unknown kind $kind" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${pkgs[@]}"; do
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
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  echo "ensure-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

for kind in "$@"; do
  if [ "$kind" = test ]; then
    gobin="$(go env GOPATH)/bin"
    if ! [ -x "$gobin/staticcheck" ] || ! "$gobin/staticcheck" -version 2>/dev/null | grep -q "v0.7.0"; then
      echo "ensure-deps: installing staticcheck v0.7.0"
      (cd / && GOFLAGS=-mod=mod go install honnef.co/go/tools/cmd/staticcheck@v0.7.0)
    fi
  fi
done
