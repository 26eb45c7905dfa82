// Arkanong's Back: the browser's history is the game's Back (issue 33).
//
// A miniquad plugin providing arkanong_history_backs(), which
// src/shell/input/phone.rs imports: the number of times the browser's Back (its
// button, a phone's back gesture, history.back()) was used since the last call.
// The page keeps one history entry of its own above where it was loaded, and
// puts it back each time Back takes it: Back then never leaves the page (the
// game reads it as going up one screen, or pausing a game). Browsers skip
// entries added before the player touched the page, so the entry is also put
// back on the first touch, click or key if it is not there.
(function () {
    var backs = 0;
    var armed = false;
    function arm() {
        if (armed || !window.history || !history.pushState) { return; }
        try {
            history.pushState({ arkanong: true }, "");
            armed = true;
        } catch (e) {
            // A sandboxed frame may refuse: Back then works as the browser's own.
        }
    }
    window.addEventListener("popstate", function () {
        backs += 1;
        armed = false;
        arm();
    });
    ["touchend", "mousedown", "keydown"].forEach(function (kind) {
        window.addEventListener(kind, function () {
            if (!history.state || !history.state.arkanong) { armed = false; }
            arm();
        }, true);
    });
    arm();
    function take() {
        var n = backs;
        backs = 0;
        return n;
    }
    function register_plugin(importObject) {
        importObject.env.arkanong_history_backs = take;
    }
    // miniquad checks the version against arkanong_history_crate_version() in phone.rs.
    miniquad_add_plugin({ register_plugin: register_plugin, name: "arkanong_history", version: 1 });
})();
