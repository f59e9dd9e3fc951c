// Replay viewer keys: ← / → step, Home / End jump; never while typing in a field.
// Every control is a plain link that htmx upgrades, so this only clicks those links.
(function () {
  "use strict";
  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return el.isContentEditable || tag === "TEXTAREA" || tag === "SELECT" ||
      (tag === "INPUT" && el.type !== "range" && el.type !== "button" && el.type !== "submit");
  }

  document.addEventListener("keydown", function (event) {
    var nav = KEYS[event.key];
    if (!nav || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    if (event.target && event.target.type === "range") return; // the slider moves itself
    var link = document.querySelector('#viewer [data-nav="' + nav + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    link.click();
  });

  // Keep the slider (outside the swapped part) on the position shown.
  function syncSlider() {
    var viewer = document.getElementById("viewer");
    var slider = document.getElementById("ply-slider");
    if (viewer && slider && document.activeElement !== slider) slider.value = viewer.dataset.ply;
  }
  // The move list stays in the page too (a step sends only the viewer): mark the move shown.
  function markMove() {
    var viewer = document.getElementById("viewer");
    var moves = document.getElementById("moves");
    if (!viewer || !moves) return;
    var links = moves.querySelectorAll("a");
    for (var k = 0; k < links.length; k++) {
      if (String(k) === viewer.dataset.ply) links[k].setAttribute("aria-current", "step");
      else links[k].removeAttribute("aria-current");
    }
  }
  function sync() { syncSlider(); markMove(); }
  document.addEventListener("htmx:afterSettle", sync);
  document.addEventListener("htmx:historyRestore", sync);
  window.addEventListener("popstate", function () { setTimeout(sync, 0); });
})();
