#!/usr/bin/env bash
# What Arkanong needs from a fresh Debian 12 or Ubuntu machine, in one place:
# README.md names it, and .ci/run calls it, so the two cannot drift apart.
#
#   scripts/install-deps.sh          the game's window, sound and gamepads
#                                    (before `cargo run --release`)
#   scripts/install-deps.sh --all    also everything the tests use
#                                    (before `cargo test --release` and .ci/run)
#
# Rust itself comes from rustup (https://rustup.rs) or Debian's rustc; this
# script installs system packages only, then checks that every program the test
# scripts call is there, so a missing step fails here by name (xdotool once did).
set -euo pipefail

all=false
case "${1:-}" in
  "") ;;
  --all) all=true ;;
  *) echo "usage: $0 [--all]" >&2; exit 2 ;;
esac

# macroquad's sound links ALSA; the window needs the X11 and OpenGL headers;
# gilrs (gamepads) links libudev.
packages=(libasound2-dev libx11-dev libxi-dev libgl1-mesa-dev libudev-dev pkg-config)
if $all; then
  packages+=(
    # The real game under a virtual display: Xvfb, its GL, clicks and keys
    # (xdotool), screenshots (xwd from x11-apps, ImageMagick's convert).
    xvfb libgl1-mesa-dri xdotool x11-apps imagemagick python3
    # The web build: Debian's wasm-capable rustc and lld (rustup cannot fetch
    # the wasm std everywhere), and Chromium to run it.
    rustc-web cargo-web rust-web-src lld-22 chromium
    # The gallery's suite on PostgreSQL and SQLite; the hosting walk's nginx
    # and its test CA (openssl).
    postgresql sqlite3 nginx openssl
  )
fi

if command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${packages[@]}"
else
  echo "no apt-get here: install the equivalents of: ${packages[*]}" >&2
fi

if $all; then
  # Every program the test scripts call (tests/*.sh, tests/*.py, .ci/).
  missing=""
  for tool in Xvfb xdotool xwd /usr/bin/convert python3 chromium timeout gzip cmp awk \
      runuser sqlite3 nginx openssl base64; do
    command -v "$tool" >/dev/null || missing="$missing $tool"
  done
  [ -z "$missing" ] || { echo "install-deps: not installed:$missing" >&2; exit 1; }
fi
echo "install-deps: done"
