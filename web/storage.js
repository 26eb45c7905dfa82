// Arkanong's settings and high scores in the browser's localStorage.
//
// A miniquad plugin providing the functions the quad-storage crate imports
// (quad_storage_*), written here rather than fetched: it is a thin wrapper over
// localStorage using the js_object helpers of sapp_jsutils.js, which must load first.
// Every call is guarded: a browser that blocks storage (private mode) just keeps
// no scores, and the game runs on.
(function () {
    function storage() {
        try { return window.localStorage; } catch (e) { return null; }
    }
    function register_plugin(importObject) {
        var env = importObject.env;
        env.quad_storage_length = function () { var s = storage(); return s ? s.length : 0; };
        env.quad_storage_has_key = function (i) { var s = storage(); return s && s.key(i) != null ? 1 : 0; };
        env.quad_storage_key = function (i) { var s = storage(); return js_object(s ? (s.key(i) || "") : ""); };
        env.quad_storage_has_value = function (key) {
            var s = storage(); return s && s.getItem(get_js_object(key)) != null ? 1 : 0;
        };
        env.quad_storage_get = function (key) {
            var s = storage(); return js_object(s ? (s.getItem(get_js_object(key)) || "") : "");
        };
        env.quad_storage_set = function (key, value) {
            var s = storage();
            try { if (s) { s.setItem(get_js_object(key), get_js_object(value)); } } catch (e) { console.warn("Arkanong: cannot save:", e); }
        };
        env.quad_storage_remove = function (key) { var s = storage(); if (s) { s.removeItem(get_js_object(key)); } };
        env.quad_storage_clear = function () { var s = storage(); if (s) { s.clear(); } };
    }
    // miniquad matches a plugin to the crate exporting `<name>_crate_version`; the
    // version is that crate's (quad-storage-sys 0.1.0: 0 << 24 | 1 << 16 | 0).
    miniquad_add_plugin({ register_plugin: register_plugin, version: 65536, name: "quad_storage" });
})();
