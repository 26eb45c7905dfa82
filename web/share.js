// The room's Copy and Share buttons in the browser (issue 33).
//
// The game writes `arkanong.share:copy` or `arkanong.share:share` through
// quad-storage's quad_storage_set with the invitation link as the value (see
// src/shell/online/share.rs); this plugin, loaded after storage.js and
// editor.js, catches those keys and stores nothing. Share opens the system's
// share sheet (navigator.share, the Web Share API) where the browser has one,
// and copies otherwise; Copy puts the link on the clipboard
// (navigator.clipboard, or a selected text area and execCommand where the
// page is not a secure context). Each outcome is a console line, "room link
// copied: LINK" or "room link shared: LINK", and window.arkanong_last_share, for
// the player's console and the browser test.
(function () {
    var PREFIX = "arkanong.share:";
    function said(how, link) {
        window.arkanong_last_share = { how: how, link: link };
        console.info("room link " + how + ": " + link);
    }
    function copy_by_selection(link) {
        var area = document.createElement("textarea");
        area.value = link;
        area.setAttribute("readonly", "");
        area.style.position = "fixed";
        area.style.opacity = "0";
        document.body.appendChild(area);
        area.select();
        var ok = false;
        try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
        area.remove();
        var canvas = document.getElementById("glcanvas");
        if (canvas) { canvas.focus(); }
        said(ok ? "copied" : "not copied (select it on the screen)", link);
    }
    function copy(link) {
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(link).then(
                function () { said("copied", link); },
                function () { copy_by_selection(link); });
        } else {
            copy_by_selection(link);
        }
    }
    // The Share page's "Copy its edit key": the clipboard only (no share
    // sheet), and the console says it was copied without the key.
    function copy_key(key) {
        var done = function (how) {
            window.arkanong_last_share = { how: how, link: "(edit key)" };
            console.info("edit key " + how);
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(key).then(
                function () { done("copied"); },
                function () { done("not copied"); });
        } else {
            done("not copied");
        }
    }
    function share(link) {
        if (navigator.share) {
            navigator.share({ title: "Arkanong", text: "Play Arkanong with me", url: link }).then(
                function () { said("shared", link); },
                // Dismissed, or refused without a user's tap: copy it instead.
                function () { copy(link); });
        } else {
            copy(link);
        }
    }
    function register_plugin(importObject) {
        var env = importObject.env;
        var store = env.quad_storage_set;
        env.quad_storage_set = function (key, value) {
            var k = get_js_object(key);
            if (typeof k === "string" && k.indexOf(PREFIX) === 0) {
                var link = get_js_object(value);
                if (k === PREFIX + "key") {
                    // An edit key: copied, and never written to the console.
                    copy_key(link);
                } else if (k === PREFIX + "share") { share(link); } else { copy(link); }
                return;
            }
            store(key, value);
        };
    }
    // Named as the crate whose import it wraps (quad-storage-sys 0.1.0), as
    // editor.js is, so miniquad's plugin version check finds that crate.
    miniquad_add_plugin({ register_plugin: register_plugin, version: 65536, name: "quad_storage" });
})();
