// The level editor's export in the browser: a .txt download.
//
// The game writes `arkanong.export:NAME.txt` through quad-storage's
// quad_storage_set (see src/shell/editor.rs, `export`); this plugin, loaded after
// storage.js, catches that key and downloads the text as NAME.txt instead of
// storing it. No wasm-bindgen, no unsafe code in the game: the string crosses by
// the same route as every stored setting.
(function () {
    var PREFIX = "arkanong.export:";
    function download(name, text) {
        var blob = new Blob([text], { type: "text/plain" });
        var a = document.createElement("a");
        a.href = URL.createObjectURL(blob);
        a.download = name;
        document.body.appendChild(a);
        a.click();
        setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
        window.arkanong_last_export = { name: name, text: text };
    }
    function register_plugin(importObject) {
        var env = importObject.env;
        var store = env.quad_storage_set;
        env.quad_storage_set = function (key, value) {
            var k = get_js_object(key);
            if (typeof k === "string" && k.indexOf(PREFIX) === 0) {
                download(k.slice(PREFIX.length), get_js_object(value));
                return;
            }
            store(key, value);
        };
    }
    // Named as the crate whose import it wraps (quad-storage-sys 0.1.0), so
    // miniquad's plugin version check finds that crate.
    miniquad_add_plugin({ register_plugin: register_plugin, version: 65536, name: "quad_storage" });
})();
