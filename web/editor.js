// The level editor's browser side: export as a .txt download, and import from a
// .txt file the user picks.
//
// Export: the game writes `arkanong.export:NAME.txt` through quad-storage's
// quad_storage_set (see src/shell/editor.rs, `export`); this plugin, loaded after
// storage.js, catches that key and downloads the text as NAME.txt instead of
// storing it.
// Import: the game's "open .txt" button writes `arkanong.pick:import`; this plugin
// catches it and opens a file picker (an <input type=file>, still within the
// click's user activation). The chosen file's text goes to localStorage
// `arkanong.import` (its name to `arkanong.import.name`), where the editor takes it
// within a quarter second and imports it as it imports pasted text: one undoable
// edit, its problems listed with the checker's messages. Several files picked
// together, or one set file, are imported as one of the player's level sets.
// No wasm-bindgen, no unsafe code in the game: strings cross by the same route as
// every stored setting.
(function () {
    var PREFIX = "arkanong.export:";
    var PICK = "arkanong.pick:import";
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
    // Hands a picked file's text to the game.
    function hand_over(name, text) {
        try {
            localStorage.setItem("arkanong.import.name", name);
            // An empty file still arrives, so the editor can say it is empty.
            localStorage.setItem("arkanong.import", text === "" ? "\n" : text);
        } catch (e) {
            console.warn("Arkanong: cannot import:", e);
        }
    }
    function picker() {
        var input = document.getElementById("arkanong-import");
        if (input) { return input; }
        input = document.createElement("input");
        input.type = "file";
        input.id = "arkanong-import";
        input.accept = ".txt,text/plain";
        input.style.display = "none";
        // The game reads keys on its canvas: give it the focus back.
        function refocus() {
            var canvas = document.getElementById("glcanvas");
            if (canvas) { canvas.focus(); }
        }
        input.addEventListener("cancel", refocus);
        // Several files picked at once are a level set: they reach the game as
        // one set file (each after a `=== file NAME` line, levels/README.md),
        // which the editor imports as the player's set.
        input.multiple = true;
        input.addEventListener("change", function () {
            refocus();
            var files = Array.prototype.slice.call(input.files || []);
            // The same file can be picked again after it is edited.
            input.value = "";
            if (files.length === 0) { return; }
            Promise.all(files.map(function (file) {
                return new Promise(function (done, fail) {
                    var reader = new FileReader();
                    reader.onload = function () { done(String(reader.result)); };
                    reader.onerror = function () { fail(reader.error); };
                    reader.readAsText(file);
                });
            })).then(function (texts) {
                if (files.length === 1) {
                    hand_over(files[0].name, texts[0]);
                    return;
                }
                var bundle = "";
                files.forEach(function (file, i) {
                    var text = texts[i];
                    bundle += "=== file " + file.name + "\n" + text;
                    if (text !== "" && text.slice(-1) !== "\n") { bundle += "\n"; }
                });
                hand_over("my_set.txt", bundle);
            }, function (e) { console.warn("Arkanong: cannot read the picked files", e); });
        });
        document.body.appendChild(input);
        return input;
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
            if (k === PICK) {
                picker().click();
                return;
            }
            store(key, value);
        };
    }
    if (document.body) { picker(); } else { document.addEventListener("DOMContentLoaded", picker); }
    // Named as the crate whose import it wraps (quad-storage-sys 0.1.0), so
    // miniquad's plugin version check finds that crate.
    miniquad_add_plugin({ register_plugin: register_plugin, version: 65536, name: "quad_storage" });
})();
