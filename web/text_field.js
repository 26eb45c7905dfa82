// The editor's settings field as a real <input> over the game (issue 33): a phone
// opens its keyboard for a page's input, never for a canvas.
//
// The game writes `arkanong.text_field` through quad-storage's quad_storage_set
// (src/shell/editor/page_field.rs): "X Y W H<tab>TEXT" (CSS pixels) when a field
// opens, "" when it closes. This plugin, loaded after storage.js and editor.js,
// stores it as usual and then lays the input over that box with the text, and
// focuses it (within the tap's user activation, so the keyboard comes up). Each
// change of the input's text goes to `arkanong.text_field.typed` ("=" and the
// text); Enter, the keyboard's Done, leaving the box or a touch on the game sets
// `arkanong.text_field.done` to "keep", Escape to "drop". The game takes both
// within a frame. No wasm-bindgen, no unsafe code: strings cross by the same
// route as every stored setting.
(function () {
    var KEY = "arkanong.text_field";
    // Set while the game itself takes the box away: its blur is no "keep".
    var closing = false;
    function put(name, value) {
        try { localStorage.setItem(name, value); } catch (e) { console.warn("Arkanong: cannot hand over typing:", e); }
    }
    function field() {
        var input = document.getElementById("arkanong-text-field");
        if (input) { return input; }
        input = document.createElement("input");
        input.type = "text";
        input.id = "arkanong-text-field";
        input.autocomplete = "off";
        input.spellcheck = false;
        input.setAttribute("enterkeyhint", "done");
        // 16 px or more: a phone does not zoom the page into the box.
        input.style.cssText = "position:fixed;display:none;box-sizing:border-box;margin:0;padding:0 6px;" +
            "font:16px monospace;color:#fff;background:#0d1524;border:2px solid #4cc3ff;outline:none;z-index:2;";
        input.addEventListener("input", function () { put(KEY + ".typed", "=" + input.value); });
        input.addEventListener("keydown", function (e) {
            if (e.key === "Enter" || e.key === "Escape") {
                e.preventDefault();
                put(KEY + ".typed", "=" + input.value);
                put(KEY + ".done", e.key === "Enter" ? "keep" : "drop");
            }
        });
        input.addEventListener("blur", function () {
            if (!closing && input.style.display !== "none") {
                put(KEY + ".typed", "=" + input.value);
                put(KEY + ".done", "keep");
            }
        });
        document.body.appendChild(input);
        return input;
    }
    function show(value) {
        var input = field();
        var tab = value.indexOf("\t");
        if (tab < 0) {
            // Closed by the game: take the box away, the keys back to the canvas.
            closing = true;
            input.style.display = "none";
            input.blur();
            closing = false;
            var canvas = document.getElementById("glcanvas");
            if (canvas) { canvas.focus(); }
            return;
        }
        var at = value.slice(0, tab).split(" ").map(Number);
        input.style.left = at[0] + "px";
        input.style.top = at[1] + "px";
        input.style.width = at[2] + "px";
        input.style.height = at[3] + "px";
        input.value = value.slice(tab + 1);
        input.style.display = "block";
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
        console.log("text field at " + at.join(",") + ": " + input.value);
    }
    // A touch or click on the game while the box is up ends the typing there
    // (kept, as leaving the box does): the box never stays over another screen
    // when that touch was the editor's Back.
    function on_game_press() {
        var input = document.getElementById("arkanong-text-field");
        if (input && input.style.display !== "none") {
            put(KEY + ".typed", "=" + input.value);
            put(KEY + ".done", "keep");
            closing = true;
            input.style.display = "none";
            input.blur();
            closing = false;
        }
    }
    function listen() {
        var canvas = document.getElementById("glcanvas");
        if (!canvas) { return; }
        canvas.addEventListener("touchstart", on_game_press, { capture: true, passive: true });
        canvas.addEventListener("mousedown", on_game_press, true);
    }
    if (document.body) { listen(); } else { document.addEventListener("DOMContentLoaded", listen); }
    function register_plugin(importObject) {
        var env = importObject.env;
        var store = env.quad_storage_set;
        env.quad_storage_set = function (key, value) {
            store(key, value);
            if (get_js_object(key) === KEY) { show(get_js_object(value)); }
        };
    }
    // Named as the crate whose import it wraps (quad-storage-sys 0.1.0), so
    // miniquad's plugin version check finds that crate.
    miniquad_add_plugin({ register_plugin: register_plugin, version: 65536, name: "quad_storage" });
})();
