#!/usr/bin/env bash
# Builds the browser version of Arkanong into target/web/:
#   arkanong.wasm, index.html, and the JS loader files taken from the crates' own
#   js/ folders (miniquad's gl.js, quad-snd's audio.js, sapp-jsutils' sapp_jsutils.js),
#   located with `cargo metadata`, never downloaded; plus our storage.js, editor.js and gamepad.js plugins.
#
# Toolchain: rustup's wasm32-unknown-unknown target where rustup can add it; else
# Debian's rustc-web with -Zbuild-std (apt-get install rustc-web cargo-web
# rust-web-src lld-22), the route that works on machines where rustup cannot
# download the wasm standard library.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/web
target=wasm32-unknown-unknown
mkdir -p "$out"

# No wasm-bindgen in the web build: macroquad's loader does not provide it, so a
# dependency that pulls it (getrandom does) would fail at load time.
tree=$(cargo tree --target "$target" -e normal --prefix none)
if grep -E '^(getrandom|wasm-bindgen) ' <<<"$tree"; then
  echo "error: the web build depends on getrandom or wasm-bindgen (see above)" >&2
  exit 1
fi

# quad-snd's JS imports are not declared to the linker: allow them.
export RUSTFLAGS="${RUSTFLAGS:-} -C link-arg=--allow-undefined"
if command -v rustup >/dev/null && timeout 120 rustup target add "$target" >/dev/null 2>&1 \
   && [ -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
  echo "building with rustup's $target target" >&2
  cargo build --profile web --target "$target" --bin arkanong
else
  linker=$(command -v wasm-ld-22 || command -v wasm-ld || true)
  if [ ! -x /usr/bin/rustc ] || [ -z "$linker" ] || [ ! -d /usr/lib/rustlib/src ]; then
    echo "error: no wasm toolchain. Run 'rustup target add $target', or on Debian:" >&2
    echo "  apt-get install rustc-web cargo-web rust-web-src lld-22" >&2
    exit 1
  fi
  echo "rustup cannot add $target here: building with Debian's rustc-web and -Zbuild-std" >&2
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$linker" \
    /usr/bin/cargo build --profile web --target "$target" --bin arkanong -Zbuild-std=std,panic_abort
fi

cp "target/$target/web/arkanong.wasm" "$out/arkanong.wasm"
cp web/index.html web/storage.js web/editor.js web/gamepad.js web/silent_audio.js "$out/"
# The loader JS ships inside the crates: find each crate's folder in the lock file's resolution.
cargo metadata --format-version 1 | python3 -c '
import json, os, shutil, sys
want = {"miniquad": "js/gl.js", "quad-snd": "js/audio.js", "sapp-jsutils": "js/sapp_jsutils.js"}
found = {}
for p in json.load(sys.stdin)["packages"]:
    if p["name"] in want:
        src = os.path.join(os.path.dirname(p["manifest_path"]), want[p["name"]])
        shutil.copy(src, sys.argv[1])
        found[p["name"]] = src
missing = set(want) - set(found)
if missing:
    sys.exit("error: no JS found for " + ", ".join(sorted(missing)))
for name, src in sorted(found.items()):
    print("copied", src, file=sys.stderr)
' "$out"

raw=$(stat -c %s "$out/arkanong.wasm")
gz=$(gzip -9 -c "$out/arkanong.wasm" | wc -c)
echo "built $out: arkanong.wasm $raw bytes raw, $gz bytes gzipped"
