#!/usr/bin/env bash
# Builds deploy/Dockerfile, unchanged, with podman on a machine that reaches
# Debian's packages and the Go module proxy but no container registry, then
# runs the image's own entry point with podman: /healthz, a watcher's
# WebSocket join, and a SIGTERM drain; the image must be ≤ 60 MB.
#
# The build stage's base image is made here first and tagged with the name
# the Dockerfile uses (the runtime stage is "scratch"): golang:X.Y-bookworm,
# a minimal Debian 12 from debootstrap (not Docker's own image) plus
# gcc, libc6-dev, pkg-config, ca-certificates, git and this machine's Go
# toolchain, whose GOPROXY is a copy of this machine's module download
# cache (go mod download then needs no TLS to a proxy, whose certificate
# the image would not trust here) and whose GOFLAGS has -buildvcs=false
# (a worktree's .git is a file that points outside the build context).
# The build then runs with --pull=never and with chroot isolation (RUN
# steps in a chroot, not an OCI runtime: on this machine crun refuses
# hybrid cgroups and setting rlimits).
#
# Needs root, podman and debootstrap (apt-get install podman debootstrap).
# WORK (default: a new temporary folder) keeps the Debian tree between runs.
# About 10 minutes on an idle 2-core machine, much longer on a busy one.
# The run of the image needs podman's runc (apt-get install runc).
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
size=$(podman image inspect breakout-server --format '{{.Size}}')
echo "deploy/build-local.sh: image breakout-server, $size bytes"
if [ "$size" -gt 60000000 ]; then
	echo "deploy/build-local.sh: the image is over its 60 MB budget" >&2
	exit 1
fi

# The image's real entry point, run by podman (runc, the lowered ulimits
# this kind of machine needs), its port published on loopback only:
# /healthz, a WebSocket client that watches, then a SIGTERM drain.
port=${PORT:-17654}
name=breakout-server-check
podman rm -f "$name" >/dev/null 2>&1 || true
trap 'podman rm -f "$name" >/dev/null 2>&1 || true' EXIT
start=$(date +%s%N)
podman run -d --name "$name" --runtime runc \
	--ulimit nofile=1024:1024 --ulimit nproc=4096:4096 \
	-p "127.0.0.1:$port:7654" breakout-server >/dev/null
ok=
for _ in $(seq 200); do
	if body=$(curl -fsS "http://127.0.0.1:$port/healthz" 2>/dev/null); then
		ok=1
		break
	fi
	sleep 0.05
done
if [ -z "$ok" ]; then
	podman logs "$name"
	echo "deploy/build-local.sh: the container's server did not answer /healthz within 10 s" >&2
	exit 1
fi
echo "deploy/build-local.sh: cold start to /healthz $body: $((($(date +%s%N) - start) / 1000000)) ms (load $(cut -d' ' -f1 /proc/loadavg))"

# A client: this checkout's breakout watches the room for 2 s of game.
go run ./games/breakout -watch "ws://127.0.0.1:$port" -headless -mute -ticks 120 >"$work/watch.log" 2>&1 || {
	cat "$work/watch.log"
	echo "deploy/build-local.sh: a watcher could not join the container's room" >&2
	exit 1
}
echo "deploy/build-local.sh: a watcher joined: $(tail -n 1 "$work/watch.log")"

# SIGTERM: the room drains (nobody is connected, so at once) and exits 0.
podman kill --signal TERM "$name" >/dev/null
code=$(podman wait "$name")
podman logs "$name" 2>&1 | tail -n 3
if [ "$code" != 0 ]; then
	echo "deploy/build-local.sh: the server exited $code after SIGTERM" >&2
	exit 1
fi
echo "deploy/build-local.sh: SIGTERM drained the room; it exited 0"
