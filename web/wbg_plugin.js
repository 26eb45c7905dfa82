// Loads Arkanong's wasm-bindgen half (GGRS's clock and randomness, matchbox's
// WebRTC) inside miniquad's own loader (gl.js), so the game still starts with
// gl.js's `load()` like every macroquad game.
//
// web/build.sh runs the wasm-bindgen CLI on the game and turns its generated ES
// module into arkanong_wbg.js, a plain script that sets `window.arkanong_wbg`:
// `imports()` gives the import modules wasm-bindgen's side expects, `attach(exports)`
// hands it the instance. Here, as a miniquad plugin:
// - register_plugin adds those modules to gl.js's importObject (and their
//   functions to `env` as well, only so gl.js's check for missing `env` functions
//   does not warn about each one);
// - on_init attaches the instance and fills wasm-bindgen's externref table, which
//   its start function would have done. That start function is never called: it
//   would run `main` a second time (gl.js calls it).
(function () {
    var modules = null;
    miniquad_add_plugin({
        name: "arkanong_wbg",
        version: 1,
        register_plugin: function (importObject) {
            modules = window.arkanong_wbg.imports();
            for (var name in modules) {
                if (name === "env") { continue; }
                importObject[name] = modules[name];
                for (var f in modules[name]) {
                    if (importObject.env[f] === undefined) { importObject.env[f] = modules[name][f]; }
                }
            }
        },
        on_init: function () {
            window.arkanong_wbg.attach(wasm_exports);
            for (var name in modules) {
                if (modules[name].__wbindgen_init_externref_table) {
                    modules[name].__wbindgen_init_externref_table();
                }
            }
        },
    });
})();
