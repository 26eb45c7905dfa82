"use strict";
// Arkanong without a sound device, in the browser.
//
// quad-snd's audio.js builds a Web Audio AudioContext on the first sound. Where the
// browser has none, or cannot make one (no output device, audio disabled by
// policy), that would throw inside the game. This script runs before audio.js and
// wraps the constructor: where a real context cannot be made, it says so in one
// console line and hands back a silent stand-in with the few methods audio.js
// calls, so the game plays silent.
(function () {
  var Real = window.AudioContext || window.webkitAudioContext;
  var said = false;
  function sayOnce(reason) {
    if (!said) {
      said = true;
      console.log("arkanong: no sound (" + reason + "); playing silent");
    }
  }
  function Param() { this.value = 1; }
  function Node() { this.gain = new Param(); }
  Node.prototype.connect = function () {};
  Node.prototype.disconnect = function () {};
  Node.prototype.start = function () {};
  Node.prototype.stop = function () {};
  // audio.js listens for a played sound's end (it never comes: nothing plays).
  Node.prototype.addEventListener = function () {};
  Node.prototype.removeEventListener = function () {};
  function Silent() {
    this.destination = new Node();
    this.listener = {};
    this.state = "running";
  }
  Silent.prototype.resume = function () {};
  Silent.prototype.suspend = function () {};
  Silent.prototype.close = function () {};
  Silent.prototype.createGain = function () { return new Node(); };
  Silent.prototype.createBufferSource = function () { return new Node(); };
  Silent.prototype.createBuffer = function () { return {}; };
  // audio.js waits for each sound to decode before the game goes on: answer at once.
  Silent.prototype.decodeAudioData = function (data, done) {
    if (done) { done({ duration: 0 }); }
  };
  // A constructor that returns an object: `new AudioContext()` in audio.js gets the
  // real one where the browser can make it, and the silent one where it cannot.
  function AudioContextOrSilent() {
    if (!Real) {
      sayOnce("this browser has no Web Audio");
      return new Silent();
    }
    try {
      var context = new Real();
      made.push(context);
      return context;
    } catch (e) {
      sayOnce(String(e && e.message ? e.message : e));
      return new Silent();
    }
  }
  // Sound resumes on the player's touch, every time: a phone suspends the context
  // until a gesture, and again after a call or a locked screen; audio.js resumes
  // it only once, on its first touch, and some loads stayed "suspended" (issue
  // 33). touchend and click are the gestures browsers accept for resume().
  var made = [];
  function resumeAll() {
    made.forEach(function (context) {
      if (context.state !== "running" && context.state !== "closed") {
        context.resume().catch(function () {});
      }
    });
  }
  ["touchend", "click", "keydown", "mouseup"].forEach(function (kind) {
    window.addEventListener(kind, resumeAll, true);
  });
  window.AudioContext = AudioContextOrSilent;
  window.webkitAudioContext = AudioContextOrSilent;
})();
