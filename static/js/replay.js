// Replay viewer keys: ← / → step, Home / End jump; never while typing in a field. The analysis
// graph chosen is kept while stepping.
// Presses are coalesced: holding a key moves a target position, and the viewer fetches the
// position reached, one request at a time (a request per press would queue behind the server
// and lose presses made during a swap). Without JavaScript every control is a plain link.
(function () {
  "use strict";
  var KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: "first", End: "last" };
  var target = null; // the position the keys asked for, not yet shown
  var busy = false;

  function typing(el) {
    if (!el) return false;
    var tag = el.tagName;
    return el.isContentEditable || tag === "TEXTAREA" || tag === "SELECT" ||
      (tag === "INPUT" && el.type !== "range" && el.type !== "button" && el.type !== "submit");
  }

  function viewer() { return document.getElementById("viewer"); }
  function marginShown() { return !!document.querySelector("#analysis[data-chart=margin]"); }

  function fetchTarget() {
    var v = viewer();
    var form = document.querySelector(".replay-slider");
    if (busy || target === null || !v || !form || !window.htmx) return;
    if (target === Number(v.dataset.ply)) { target = null; return; }
    var url = form.getAttribute("action") + "?ply=" + target + (marginShown() ? "&chart=margin" : "");
    busy = true;
    window.htmx.ajax("GET", url, { target: "#viewer", swap: "outerHTML" }).then(function () {
      busy = false;
      history.pushState({ htmx: true }, "", url);
      fetchTarget(); // the key may have moved on meanwhile
    }, function () { busy = false; target = null; });
  }

  document.addEventListener("keydown", function (event) {
    var key = KEYS[event.key];
    if (key === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (typing(event.target)) return;
    if (event.target && event.target.type === "range") return; // the slider moves itself
    var v = viewer();
    if (!v) return;
    var plies = Number(v.dataset.plies);
    var from = target === null ? Number(v.dataset.ply) : target;
    var to = key === "first" ? 0 : key === "last" ? plies : Math.min(plies, Math.max(0, from + key));
    event.preventDefault();
    if (!window.htmx) { // no htmx: the plain link
      var link = document.querySelector('#viewer [data-nav="' + (key === -1 ? "prev" : key === 1 ? "next" : key) + '"]');
      if (link && link.getAttribute("aria-disabled") !== "true") link.click();
      return;
    }
    target = to;
    var now = document.getElementById("ply-now");
    if (now) now.textContent = String(to); // the count follows the key at once
    fetchTarget();
  });

  // Keep the slider (outside the swapped part) on the position shown, and its end on the last
  // move of a game being recorded (a live game's poll brings new moves).
  function syncSlider() {
    var v = viewer();
    var slider = document.getElementById("ply-slider");
    if (!v || !slider) return;
    slider.max = v.dataset.plies;
    if (document.activeElement !== slider) slider.value = v.dataset.ply;
  }
  // The move list stays in the page too (a step sends only the viewer): mark the move shown.
  function markMove() {
    var v = viewer();
    var moves = document.getElementById("moves");
    if (!v || !moves) return;
    var links = moves.querySelectorAll("a");
    for (var k = 0; k < links.length; k++) {
      if (String(k) === v.dataset.ply) links[k].setAttribute("aria-current", "step");
      else links[k].removeAttribute("aria-current");
    }
  }
  // The analysis graph shown (chance to win, or score margin: ?chart=margin) stays as the reader
  // steps: a request for a position of this replay that names no graph asks for the one shown.
  // The links inside the viewer carry it already; the slider, the keys and the move list, drawn
  // once, do not.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = document.querySelector(".replay-slider");
    var path = event.detail.path || "";
    if (!marginShown() || !form || event.detail.verb !== "get") return;
    if (path.split("?")[0] !== form.getAttribute("action") || /[?&]chart=/.test(path)) return;
    if (event.detail.parameters.chart === undefined) event.detail.parameters.chart = "margin";
  });

  // A live game's poll brought new moves: the last one is said to a screen reader (the
  // announcer stays in the page; the viewer is replaced, so it cannot be the live region).
  var pliesKnown = null;
  function announce() {
    var v = viewer();
    var out = document.getElementById("move-announcer");
    if (!v || !out) return;
    var plies = Number(v.dataset.plies);
    if (pliesKnown !== null && plies > pliesKnown) {
      var last = document.getElementById("last-move");
      if (last) out.textContent = last.textContent.trim();
    }
    pliesKnown = plies;
  }
  announce();

  function sync() { syncSlider(); markMove(); announce(); }
  document.addEventListener("htmx:afterSettle", sync);
  document.addEventListener("htmx:historyRestore", sync);
  window.addEventListener("popstate", function () { target = null; setTimeout(sync, 0); });
})();
