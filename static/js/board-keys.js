// The keyboard stays on the board (issue 50). The Duel's harbor is one tab stop (a roving
// tabindex over its cells and boats, duel.md D2's 4 × 4 grid): the arrow keys move between
// them (round the edges), Enter or Space plays a legal one (they are the move form's buttons). While an action
// token is being picked (js/board-pick.js) the arrows go from one highlighted target to the
// next. The token bar above the harbor and every token palette are one stop each, with the
// arrows inside. After a move the focus comes back to the board, on the place last played (a
// draw prompt first gets it on its first field not yet filled), never to the page's body.
// The base game's ships are one stop too: their free slots, the arrows between them; while a
// sailing or a blue card is picked on its board, the highlighted targets are the one stop.
(function () {
  "use strict";
  var COLS = 4; // the harbor's grid: 3 cells and a row boat per row, the column boats below
  var lastPlace = null; // "c:a1" / "b:row-2": where play continues
  var focusWasOnPlay = false;
  var byPointer = false; // the last move was a tap: its focus must not scroll the page
  document.addEventListener("pointerdown", function () { byPointer = true; }, true);
  document.addEventListener("keydown", function () { byPointer = false; }, true);

  function harbor() { return document.getElementById("harbor"); }
  function isPlace(el) { return !!(el && el.dataset && (el.dataset.cell || el.dataset.boat)); }
  function keyOf(el) { return el.dataset.cell ? "c:" + el.dataset.cell : "b:" + el.dataset.boat; }
  function find(h, key) {
    var parts = key.split(":");
    return h.querySelector(parts[0] === "c" ? '[data-cell="' + parts[1] + '"]' : '[data-boat="' + parts[1] + '"]');
  }
  function placesOf(h) { return Array.from(h.children).filter(isPlace); }

  // One tab stop on the harbor: `current`, else the place last played, else the first legal one.
  function rove(current) {
    var h = harbor();
    if (!h) return null;
    var stop = current || (lastPlace && find(h, lastPlace)) || h.querySelector(".is-legal") || placesOf(h)[0];
    placesOf(h).forEach(function (el) { el.tabIndex = el === stop ? 0 : -1; });
    h.querySelectorAll(".slot[tabindex]").forEach(function (el) { if (el !== stop) el.tabIndex = -1; });
    if (stop && !isPlace(stop)) stop.tabIndex = 0;
    return stop;
  }

  function gridStep(h, from, key) {
    var cells = Array.from(h.children);
    var i = cells.indexOf(from.closest("#harbor > *"));
    if (i < 0) return null;
    var r = Math.floor(i / COLS), c = i % COLS;
    var dr = key === "ArrowDown" ? 1 : key === "ArrowUp" ? -1 : 0;
    var dc = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
    var rows = Math.ceil(cells.length / COLS);
    // Past the edge the arrows come round to the other side of the row or column (fewer presses
    // from a boat to the far cells); the corner is skipped.
    for (var k = 1; k < Math.max(rows, COLS); k++) {
      var rr = (r + dr * k + rows) % rows, cc = (c + dc * k + COLS) % COLS;
      var el = cells[rr * COLS + cc];
      if (isPlace(el)) return el;
    }
    return null;
  }

  function targetStep(h, from, key) {
    var targets = Array.from(h.querySelectorAll(".is-target"));
    if (!targets.length) return null;
    var i = targets.indexOf(from.closest(".is-target"));
    var forward = key === "ArrowRight" || key === "ArrowDown";
    return targets[(i + (forward ? 1 : -1) + targets.length) % targets.length];
  }

  // The base game's ships (classic.md C4.2, ui/classic/board.html): their free slots, the
  // buttons that place a stone, are one tab stop; the arrows go along a ship (Left, Right) and
  // from ship to ship (Up, Down, to the nearest slot); after a move the focus comes back there.
  var lastSlot = null; // [ship, slot] last focused
  function slotButtons() { return Array.from(document.querySelectorAll("#play #ships button.slot")); }
  function slotAt(b) { return [Number(b.dataset.ship), Number(b.dataset.slot)]; }
  function nearestSlot(buttons, ship, slot) {
    // the same ship's nearest free slot, else the next ship's (round the end), else none
    var ships = Array.from(new Set(buttons.map(function (b) { return slotAt(b)[0]; })));
    if (!ships.length) return null;
    var after = ships.filter(function (n) { return n >= ship; }).concat(ships.filter(function (n) { return n < ship; }));
    var inShip = buttons.filter(function (b) { return slotAt(b)[0] === after[0]; });
    var best = inShip[0];
    inShip.forEach(function (b) { if (Math.abs(slotAt(b)[1] - slot) < Math.abs(slotAt(best)[1] - slot)) best = b; });
    return best;
  }
  function roveShips(current) {
    var buttons = slotButtons();
    if (!buttons.length) return null;
    var stop = current && buttons.indexOf(current) >= 0 ? current
      : lastSlot ? nearestSlot(buttons, lastSlot[0], lastSlot[1]) : buttons[0];
    buttons.forEach(function (b) { b.tabIndex = b === stop ? 0 : -1; });
    return stop;
  }
  function shipStep(from, key) {
    var buttons = slotButtons();
    var i = buttons.indexOf(from);
    if (i < 0) return null;
    if (key === "Home") return buttons[0];
    if (key === "End") return buttons[buttons.length - 1];
    if (key === "ArrowRight" || key === "ArrowLeft") {
      return buttons[(i + (key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
    }
    var here = slotAt(from);
    var ships = Array.from(new Set(buttons.map(function (b) { return slotAt(b)[0]; })));
    var k = ships.indexOf(here[0]);
    var ship = ships[(k + (key === "ArrowDown" ? 1 : -1) + ships.length) % ships.length];
    return nearestSlot(buttons, ship, here[1]);
  }

  // The base game's board while a move is picked on it (js/board-pick.js): its targets (ships,
  // sites, slots, market cards) are one tab stop, the arrows go from one to the next, Enter picks.
  function pickingBoard() {
    var b = document.getElementById("classic-board");
    return b && b.classList.contains("is-picking") ? b : null;
  }
  function rovePick(current) {
    var b = pickingBoard();
    if (!b) return null;
    var targets = Array.from(b.querySelectorAll(".is-target"));
    var stop = current && targets.indexOf(current) >= 0 ? current : targets[0];
    targets.forEach(function (el) { el.tabIndex = el === stop ? 0 : -1; });
    b.querySelectorAll("#ships button.slot:not(.is-target)").forEach(function (el) { el.tabIndex = -1; });
    return stop || null;
  }

  // The token bar and the palettes: one stop each, the arrows inside.
  function barItems(bar) {
    return Array.from(bar.querySelectorAll("button")).filter(function (b) { return !b.hidden && !b.disabled; });
  }
  function roveBar(bar, current) {
    var items = barItems(bar);
    var stop = current && items.indexOf(current) >= 0 ? current
      : items.find(function (b) { return b.tabIndex === 0; }) || items[0];
    bar.querySelectorAll("button").forEach(function (b) { b.tabIndex = b === stop ? 0 : -1; });
  }
  function bars() { return document.querySelectorAll("#board-pick, .palette"); }
  function roveAll() {
    bars().forEach(function (bar) { roveBar(bar); });
    rove();
    if (!rovePick()) roveShips();
  }
  window.imhotepRove = roveAll; // js/board-pick.js, after a pick changes what is shown

  document.addEventListener("keydown", function (event) {
    if (["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown", "Home", "End"].indexOf(event.key) < 0) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    var bar = event.target.closest && event.target.closest("#board-pick, .palette");
    if (bar && event.target.tagName === "BUTTON") {
      var items = barItems(bar);
      var i = items.indexOf(event.target);
      var forward = event.key === "ArrowRight" || event.key === "ArrowDown";
      var next = event.key === "Home" ? items[0] : event.key === "End" ? items[items.length - 1]
        : items[(i + (forward ? 1 : -1) + items.length) % items.length];
      if (!next) return;
      event.preventDefault();
      roveBar(bar, next);
      next.focus();
      return;
    }
    var picked = pickingBoard();
    if (picked && picked.contains(event.target)) {
      var targets = Array.from(picked.querySelectorAll(".is-target"));
      var t = event.key === "Home" ? targets[0] : event.key === "End" ? targets[targets.length - 1]
        : targetStep(picked, event.target, event.key);
      event.preventDefault();
      if (!t) return;
      rovePick(t);
      t.focus();
      return;
    }
    if (event.target.matches && event.target.matches("#ships button.slot")) {
      var slot = shipStep(event.target, event.key);
      event.preventDefault();
      if (!slot) return;
      roveShips(slot);
      slot.focus();
      return;
    }
    var h = harbor();
    if (!h || !h.contains(event.target) || event.key === "Home" || event.key === "End") return;
    var to = h.classList.contains("is-picking") ? targetStep(h, event.target, event.key)
      : gridStep(h, event.target, event.key);
    event.preventDefault();
    if (!to) return;
    rove(to);
    to.focus();
  });

  // Enter or Space on a place that is not a button: a target of the pick (js/board-pick.js).
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var target = event.target.closest && event.target.closest("#harbor .is-target, #classic-board [data-pick-focus]");
    if (!target || target.tagName === "BUTTON") return;
    event.preventDefault();
    target.click();
  });

  document.addEventListener("focusin", function (event) {
    var picked = pickingBoard();
    if (picked && picked.contains(event.target)) { rovePick(event.target.closest(".is-target")); return; }
    if (event.target.matches && event.target.matches("#ships button.slot")) {
      lastSlot = slotAt(event.target);
      roveShips(event.target);
      return;
    }
    var h = harbor();
    if (!h || !h.contains(event.target)) return;
    var place = event.target.closest("[data-cell], [data-boat]");
    if (place && h.contains(place)) lastPlace = keyOf(place);
    rove(event.target.closest(".slot.is-target") || place);
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var active = document.activeElement;
    focusWasOnPlay = !!(target && target.id === "play" && (active === document.body || target.contains(active)));
  });
  document.addEventListener("htmx:afterSettle", function () {
    roveAll();
    if (!focusWasOnPlay || !document.getElementById("play")) return;
    focusWasOnPlay = false;
    var field = Array.from(document.querySelectorAll("#draw-form input[data-need]")).find(function (input) {
      return !input.value.trim();
    });
    // A tap does not put the focus in a field: a phone would open its keyboard over the palette.
    var stop = field && !byPointer ? field : rove() || roveShips();
    if (stop) stop.focus({ preventScroll: byPointer });
  });
  document.addEventListener("click", function () { setTimeout(roveAll, 0); });
  document.addEventListener("input", function () { setTimeout(roveAll, 0); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setTimeout(roveAll, 0); });
  else setTimeout(roveAll, 0);
})();
