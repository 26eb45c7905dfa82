#!/usr/bin/env bash
# Builds the browser version of Arkanong into target/web/:
#   arkanong.wasm, index.html, and the JS loader files taken from the crates' own
#   js/ folders (miniquad's gl.js, quad-snd's audio.js, sapp-jsutils' sapp_jsutils.js),
#   located with `cargo metadata`, never downloaded; plus our storage.js, editor.js, text_field.js, share.js, gamepad.js and history.js plugins;
#   and each file's gzip beside it (FILE.gz), which `arkanong-server --web DIR` sends.
# The .wasm is built for size (Cargo.toml's `wasm-release` profile, opt-level "z").
# No wasm-opt: Debian 12's binaryen (108) breaks wasm-bindgen's externref table
# (the page fails at start: "WebAssembly.Table.set(): Argument 1 is invalid"),
# and it took under 1 % off the gzipped size (docs/browser.md).
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
# Only the game's files go in target/web/ (it is what `--web` serves): cargo's
# folders from builds made when the profile was called `web` are removed.
rm -rf "$out/build" "$out/deps" "$out/.fingerprint" "$out/incremental" "$out/examples" "$out/.cargo-lock"

# Online play (GGRS and matchbox) reaches the browser through wasm-bindgen, whose
# output is post-processed here by the wasm-bindgen CLI and loaded by miniquad's
# own gl.js (web/wbg_plugin.js). The CLI must be the exact version the crate is
# pinned to in Cargo.toml (`=`): CI installs that one (`cargo install
# wasm-bindgen-cli --version V`).
tree=$(cargo tree -p arkanong --target "$target" -e normal --prefix none)
want=$(grep -E '^wasm-bindgen v' <<<"$tree" | head -1 | sed -E 's/^wasm-bindgen v([^ ]+).*/\1/')
if [ -z "$want" ]; then
  echo "error: the web build does not depend on wasm-bindgen; web/build.sh expects it" >&2
  exit 1
fi
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "error: the build uses wasm-bindgen $want but the CLI is '${have:-missing}'." >&2
  echo "  cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi

# quad-snd's JS imports are not declared to the linker: allow them.
export RUSTFLAGS="${RUSTFLAGS:-} -C link-arg=--allow-undefined"
if command -v rustup >/dev/null && timeout 120 rustup target add "$target" >/dev/null 2>&1 \
   && [ -d "$(rustc --print sysroot)/lib/rustlib/$target" ]; then
  echo "building with rustup's $target target" >&2
  cargo build --profile wasm-release --target "$target" -p arkanong --bin arkanong
else
  linker=$(command -v wasm-ld-22 || command -v wasm-ld || true)
  if [ ! -x /usr/bin/rustc ] || [ -z "$linker" ] || [ ! -d /usr/lib/rustlib/src ]; then
    echo "error: no wasm toolchain. Run 'rustup target add $target', or on Debian:" >&2
    echo "  apt-get install rustc-web cargo-web rust-web-src lld-22" >&2
    exit 1
  fi
  echo "rustup cannot add $target here: building with Debian's rustc-web and -Zbuild-std" >&2
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="$linker" \
    /usr/bin/cargo build --profile wasm-release --target "$target" -p arkanong --bin arkanong -Zbuild-std=std,panic_abort
fi

# wasm-bindgen's post-processing: the wasm it rewrites is the one served (under the
# old name, which index.html loads), and its ES module becomes a plain script for
# web/wbg_plugin.js (see there). The rewrite is checked: a new wasm-bindgen whose
# output no longer matches fails here, not in the browser.
rm -rf "$out/wbg"
wasm-bindgen "target/$target/wasm-release/arkanong.wasm" --out-dir "$out/wbg" --target web --no-typescript
cp "$out/wbg/arkanong_bg.wasm" "$out/arkanong.wasm"
python3 - "$out/wbg/arkanong.js" "$out/arkanong_wbg.js" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
# gl.js provides `env`: drop the generated imports of it and their entries.
src, imports = re.subn(r'^import \* as import\d+ from "env"\n', "", src, flags=re.M)
src, entries = re.subn(r'\n\s*"env": import\d+,', "", src)
src = src.replace("new URL('arkanong_bg.wasm', import.meta.url)", "'arkanong.wasm'")
src = re.sub(r'^export \{[^}]*\};?\s*$', "", src, flags=re.M)
for needle in ["import.meta", 'from "env"', "\nexport ", "\nimport "]:
    if needle in src:
        sys.exit(f"error: wasm-bindgen's JS still has {needle!r}: update web/build.sh's rewrite")
for needle in ["function __wbg_get_imports()", "let wasmModule, wasmInstance, wasm;",
               "cachedDataViewMemory0 = null", "cachedUint8ArrayMemory0 = null"]:
    if needle not in src:
        sys.exit(f"error: wasm-bindgen's JS has no {needle!r}: update web/build.sh's rewrite")
src = "(function () {\n" + src + """
window.arkanong_wbg = {
    imports: function () { return __wbg_get_imports(); },
    attach: function (exports) {
        wasm = exports;
        wasmInstance = { exports: exports };
        cachedDataViewMemory0 = null;
        cachedUint8ArrayMemory0 = null;
    },
};
})();
"""
open(sys.argv[2], "w").write(src)
print(f"arkanong_wbg.js: {imports} env imports and {entries} entries dropped", file=sys.stderr)
PY
cp web/index.html web/storage.js web/editor.js web/text_field.js web/share.js web/gamepad.js web/history.js web/silent_audio.js web/wbg_plugin.js "$out/"
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

# Drawing without multisampling, as the desktop does (miniquad's sample_count 1):
# WebGL's default (antialias on) made each frame cost a third more in a software
# GL's GPU process (41 against 54 ms of CPU a frame, docs/online.md), and the
# online match's steps wait for the frames. A gl.js without these two calls fails here.
python3 - "$out/gl.js" <<'PY'
import sys
path = sys.argv[1]
src = open(path).read()
for kind in ["webgl", "webgl2"]:
    call = f'canvas.getContext("{kind}")'
    if src.count(call) != 1:
        sys.exit(f"error: gl.js no longer has one {call}: update web/build.sh")
    src = src.replace(call, f'canvas.getContext("{kind}", {{ antialias: false }})')
open(path, "w").write(src)
PY

# Each file beside its gzip (FILE.gz), made once here: `arkanong-server --web`
# sends it to a browser that takes gzip (tower-http's precompressed files), so
# nothing is compressed per request.
for f in "$out"/*.wasm "$out"/*.js "$out"/*.html; do
  gzip -9 -k -f -n "$f"
done
raw=$(stat -c %s "$out/arkanong.wasm")
gz=$(stat -c %s "$out/arkanong.wasm.gz")
echo "built $out: arkanong.wasm $raw bytes raw, $gz bytes gzipped"
