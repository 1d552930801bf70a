#!/usr/bin/env bash
# Builds deploy/Dockerfile, unchanged, with podman on a machine that reaches
# Debian's packages and the Go module proxy but no container registry, then
# starts the image and asks the server for /healthz.
#
# The two base images the Dockerfile names are made here first and tagged
# with those names: debian:bookworm-slim from debootstrap (a minimal Debian
# 12, not Docker's own slim image), and golang:X.Y-bookworm as that plus
# gcc, libc6-dev, pkg-config, ca-certificates, git and this machine's Go
# toolchain, whose GOPROXY is a copy of this machine's module download
# cache (go mod download then needs no TLS to a proxy, whose certificate
# the image would not trust here) and whose GOFLAGS has -buildvcs=false
# (a worktree's .git is a file that points outside the build context).
# The build then runs with --pull=never, with the host's network for the
# Dockerfile's apt-get, and with
# chroot isolation (RUN steps in a chroot, not an OCI runtime: on this
# machine crun refuses hybrid cgroups and setting rlimits).
#
# Needs root, podman and debootstrap (apt-get install podman debootstrap).
# WORK (default: a new temporary folder) keeps the Debian tree between runs.
# About 10 minutes on an idle 2-core machine, much longer on a busy one.
#
#   deploy/build-local.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=${WORK:-$(mktemp -d)}
mirror=${DEBIAN_MIRROR:-$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)}
debian=docker.io/library/debian:bookworm-slim
golang=docker.io/library/golang:$(go env GOVERSION | sed -E 's/^go([0-9]+\.[0-9]+).*/\1/')-bookworm

if ! podman image exists "$debian"; then
	if [ ! -x "$work/rootfs/bin/sh" ]; then
		debootstrap --variant=minbase bookworm "$work/rootfs" ${mirror:+"$mirror"}
	fi
	tar -C "$work/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - "$debian"
fi
if ! podman image exists "$golang"; then
	rm -rf "$work/go-image" && mkdir -p "$work/go-image"
	cp -a "$(go env GOROOT)" "$work/go-image/go"
	cp -a "$(go env GOMODCACHE)/cache/download" "$work/go-image/goproxy"
	cat >"$work/go-image/Containerfile" <<CONTAINERFILE
FROM $debian
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev pkg-config ca-certificates git \\
    && rm -rf /var/lib/apt/lists/*
COPY go /usr/local/go
COPY goproxy /goproxy
ENV GOPATH=/go PATH=/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    GOPROXY=file:///goproxy GOFLAGS=-buildvcs=false
CONTAINERFILE
	podman build --pull=never --network=host --isolation=chroot -t "$golang" "$work/go-image"
fi

podman build --pull=never --network=host --isolation=chroot -f deploy/Dockerfile -t breakout-server .

# Smoke test: the image's binary runs on the runtime stage's files (its
# shared libraries are there) as the image's user, and serves. It runs in
# a chroot of the image (podman run needs the OCI runtime, see above), on
# the host's network, listening on loopback only; it stops by itself after
# 10 s of game.
port=17654
mnt=$(podman image mount breakout-server)
trap 'podman image unmount breakout-server >/dev/null 2>&1 || true' EXIT
chroot --userspec=10001:10001 "$mnt" /usr/local/bin/breakout \
	-serve "127.0.0.1:$port" -headless -mute -players 2 -ticks 600 >"$work/smoke.log" 2>&1 &
server=$!
for _ in $(seq 100); do
	if body=$(curl -fsS "http://127.0.0.1:$port/healthz" 2>/dev/null); then
		echo "deploy/build-local.sh: image breakout-server built; its server answered /healthz: $body"
		podman image inspect breakout-server --format 'image {{.Id}}, {{.Size}} bytes, user {{.Config.User}}, entrypoint {{.Config.Entrypoint}}'
		wait "$server"
		exit 0
	fi
	sleep 0.2
done
cat "$work/smoke.log"
echo "deploy/build-local.sh: the image's server did not answer /healthz" >&2
exit 1
