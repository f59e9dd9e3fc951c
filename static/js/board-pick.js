// Duel action tokens played on the board (issue 39, duel.md D4.3): tap the action token, then
// its targets on the harbor — a slot to take, 2–3 cells, a cell then 1–2 boats, two slots of a
// boat then the boat to unload. Only the next steps of legal moves are highlighted; every other
// tap on the board is inert while picking. The legal moves are the action menu's buttons (the
// list stays as the fallback); a finished pick clicks its button, so the post is the list's.
(function () {
  "use strict";
  var picking = null; // {kind, chosen: [keys]}

  function steps(move) {
    var s = function (boat, slot) { return "s:" + boat + ":" + slot; };
    if (move.type === "take-token") return [[s(move.boat, move.slot)]];
    if (move.type === "place-meeples") return [move.cells.map(function (c) { return "c:" + c; })];
    if (move.type === "place-unload") {
      return [["c:" + move.cell]].concat(move.boats.map(function (b) { return ["b:" + b]; }));
    }
    if (move.type === "swap-unload") return [[s(move.boat, move.slots[0]), s(move.boat, move.slots[1])], ["b:" + move.unload]];
    return null;
  }

  // How far `chosen` follows the move's steps: null when it does not, else the keys that may come next.
  function follow(groups, chosen) {
    var k = 0;
    for (var g = 0; g < groups.length; g++) {
      var group = groups[g];
      var taken = chosen.slice(k, k + group.length);
      for (var t = 0; t < taken.length; t++) {
        if (group.indexOf(taken[t]) < 0 || taken.indexOf(taken[t]) !== t) return null;
      }
      k += taken.length;
      if (taken.length < group.length) return group.filter(function (key) { return taken.indexOf(key) < 0; });
    }
    return k === chosen.length ? [] : null;
  }

  function choices(kind) {
    return Array.from(document.querySelectorAll('#action-menu [data-action="' + kind + '"] button.choice')).map(function (b) {
      var move = JSON.parse(b.value);
      return { button: b, groups: steps(move) };
    }).filter(function (c) { return c.groups; });
  }

  function element(key) {
    var parts = key.split(":");
    if (parts[0] === "c") return document.querySelector('#harbor [data-cell="' + parts[1] + '"]');
    if (parts[0] === "b") return document.querySelector('#harbor [data-boat="' + parts[1] + '"]');
    return document.querySelector('#harbor [data-boat="' + parts[1] + '"] .slot[data-slot="' + parts[2] + '"]');
  }

  function clear() {
    document.querySelectorAll("#harbor .is-target, #harbor .is-chosen").forEach(function (el) {
      el.classList.remove("is-target", "is-chosen");
      if (el.dataset.pickFocus) { el.removeAttribute("tabindex"); el.removeAttribute("role"); delete el.dataset.pickFocus; }
    });
    var harbor = document.getElementById("harbor");
    if (harbor) harbor.classList.remove("is-picking");
    var bar = document.getElementById("board-pick");
    if (bar) {
      bar.querySelectorAll("[data-pick]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
      bar.querySelector(".pick-done").hidden = true;
      bar.querySelector(".pick-cancel").hidden = true;
    }
  }

  function refresh() {
    clear();
    if (!picking) return;
    var harbor = document.getElementById("harbor");
    var bar = document.getElementById("board-pick");
    harbor.classList.add("is-picking");
    bar.querySelector('[data-pick="' + picking.kind + '"]').setAttribute("aria-pressed", "true");
    bar.querySelector(".pick-cancel").hidden = false;
    var next = {};
    var done = null;
    choices(picking.kind).forEach(function (c) {
      var keys = follow(c.groups, picking.chosen);
      if (keys === null) return;
      if (!keys.length) done = c;
      keys.forEach(function (key) { next[key] = true; });
    });
    var targets = Object.keys(next);
    if (done && !targets.length) { picking = null; clear(); done.button.click(); return; }
    bar.querySelector(".pick-done").hidden = !done;
    picking.done = done;
    picking.chosen.forEach(function (key) { var el = element(key); if (el) el.classList.add("is-chosen"); });
    targets.forEach(function (key) {
      var el = element(key);
      if (!el) return;
      el.classList.add("is-target");
      if (el.tagName !== "BUTTON") { // reachable with the keyboard while it is a target
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.dataset.pickFocus = "1";
      }
    });
    var first = element(targets[0] || "");
    if (first && document.activeElement && document.activeElement.closest("#board-pick, #harbor")) first.focus();
  }

  function keyOf(el) {
    var slot = el.closest(".slot");
    var boat = el.closest("[data-boat]");
    if (slot && boat && slot.classList.contains("is-target")) return "s:" + boat.dataset.boat + ":" + slot.dataset.slot;
    if (boat) return "b:" + boat.dataset.boat;
    var cell = el.closest("[data-cell]");
    return cell ? "c:" + cell.dataset.cell : null;
  }

  document.addEventListener("click", function (event) {
    var pick = event.target.closest("#board-pick [data-pick]");
    if (pick) {
      picking = picking && picking.kind === pick.dataset.pick ? null : { kind: pick.dataset.pick, chosen: [] };
      refresh();
      return;
    }
    if (event.target.closest("#board-pick .pick-cancel")) { picking = null; refresh(); return; }
    if (event.target.closest("#board-pick .pick-done")) {
      var done = picking && picking.done;
      picking = null;
      clear();
      if (done) done.button.click();
      return;
    }
    if (!picking || !event.target.closest("#harbor")) return;
    event.preventDefault(); // while picking, the board's own buttons (place, unload) do nothing
    event.stopPropagation();
    var key = keyOf(event.target);
    var el = key && element(key);
    if (!el || !el.classList.contains("is-target")) return; // illegal targets are inert
    picking.chosen.push(key);
    refresh();
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && picking) { picking = null; refresh(); }
    var target = event.target.closest && event.target.closest("#harbor [data-pick-focus]");
    if (target && picking && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      target.click();
    }
  });
  document.addEventListener("htmx:afterSettle", function () { picking = null; });
})();
