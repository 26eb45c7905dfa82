// Arkanong's gamepads in the browser: the Gamepad API, read once a frame.
//
// A miniquad plugin providing the three functions src/shell/pad_web.rs imports:
// arkanong_pad_snapshot() takes this frame's list of connected pads and returns how
// many; arkanong_pad_axis(pad, axis) and arkanong_pad_button(pad, button) read it,
// by the standard mapping's numbers. Browsers list a pad only after one of its
// buttons is pressed; a browser without the API (or that blocks it) has no pads.
(function () {
    var pads = [];
    function snapshot() {
        var list = [];
        try {
            list = navigator.getGamepads ? navigator.getGamepads() : [];
        } catch (e) {
            list = [];
        }
        pads = [];
        for (var i = 0; list && i < list.length; i++) {
            if (list[i] && list[i].connected !== false) { pads.push(list[i]); }
        }
        return pads.length;
    }
    function axis(pad, n) {
        var p = pads[pad];
        var v = p && p.axes && p.axes[n];
        return typeof v === "number" && isFinite(v) ? v : 0;
    }
    function button(pad, n) {
        var p = pads[pad];
        var b = p && p.buttons && p.buttons[n];
        if (b == null) { return 0; }
        // Old browsers give plain numbers; the API gives {pressed, value}.
        return (typeof b === "object" ? b.pressed : b > 0.5) ? 1 : 0;
    }
    function register_plugin(importObject) {
        importObject.env.arkanong_pad_snapshot = snapshot;
        importObject.env.arkanong_pad_axis = axis;
        importObject.env.arkanong_pad_button = button;
    }
    window.addEventListener("gamepadconnected", function (e) {
        console.log("Arkanong: gamepad connected: " + e.gamepad.id);
    });
    // miniquad checks the version against arkanong_gamepad_crate_version() in pad_web.rs.
    miniquad_add_plugin({ register_plugin: register_plugin, name: "arkanong_gamepad", version: 1 });
})();
