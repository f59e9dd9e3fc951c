// Moves picked on the board (issue 39). Duel action tokens (duel.md D4.3): tap the action
// token, then its targets on the harbor — a slot to take, 2–3 cells, a cell then 1–2 boats, two
// slots of a boat then the boat to unload. Base game (classic.md C4.3, C7): "Sail a ship" or a
// blue card, then the ship, slots, site and market cards its choice buttons list in data-steps
// (games/ui/classic/board_pick.py) as keys of the board's places (ship:N, slot:N:K, site:ID,
// card:ID). Only the next steps of legal moves are highlighted; every other tap on the board is
// inert while picking; a step with one legal target (and no shorter move finished) is taken by
// the page. The legal moves are the action menu's buttons (the list stays as the fallback); a
// finished pick clicks its button, so the post is the list's.
(function () {
  "use strict";
  var picking = null; // {kind, chosen: [keys]}

  function steps(move, button) {
    if (button.dataset.steps) return JSON.parse(button.dataset.steps);
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
    var buttons = document.querySelectorAll('#action-menu button.choice[data-pick-kind="' + kind + '"]');
    if (!buttons.length) buttons = document.querySelectorAll('#action-menu [data-action="' + kind + '"] button.choice');
    return Array.from(buttons).map(function (b) {
      var move = JSON.parse(b.value);
      return { button: b, groups: steps(move, b) };
    }).filter(function (c) { return c.groups; });
  }

  function board() { return document.querySelector("#harbor, #classic-board"); }

  // The base game's board places (ui/classic/board.html) by key: ship:N, slot:N:K, site:ID, card:ID.
  function classicElement(key) {
    var p = key.split(":");
    var sel = p[0] === "ship" ? '.ship[data-ship="' + p[1] + '"]'
      : p[0] === "slot" ? '.ship[data-ship="' + p[1] + '"] [data-slot="' + p[2] + '"]'
      : p[0] === "site" ? '.site[data-site="' + p[1] + '"]'
      : p[0] === "card" ? '.site-market .card[data-card="' + p[1] + '"]' : null;
    return sel && document.querySelector("#classic-board " + sel);
  }
  function classicKey(el) {
    if (el.matches(".ship[data-ship]")) return "ship:" + el.dataset.ship;
    if (el.matches(".ship [data-slot]")) return "slot:" + el.closest(".ship").dataset.ship + ":" + el.dataset.slot;
    if (el.matches(".site[data-site]")) return "site:" + el.dataset.site;
    if (el.matches(".site-market .card[data-card]")) return "card:" + el.dataset.card;
    return null;
  }

  function element(key) {
    if (document.getElementById("classic-board")) return classicElement(key);
    var parts = key.split(":");
    if (parts[0] === "c") return document.querySelector('#harbor [data-cell="' + parts[1] + '"]');
    if (parts[0] === "b") return document.querySelector('#harbor [data-boat="' + parts[1] + '"]');
    return document.querySelector('#harbor [data-boat="' + parts[1] + '"] .slot[data-slot="' + parts[2] + '"]');
  }

  function clear() {
    setTimeout(function () { if (window.imhotepRove) window.imhotepRove(); }, 0);
    document.querySelectorAll("#play .is-target, #play .is-chosen").forEach(function (el) {
      el.classList.remove("is-target", "is-chosen");
      if (el.dataset.pickFocus) {
        // a harbor place stays in the board's roving tabindex (js/board-keys.js)
        if (el.dataset.cell || el.dataset.boat) el.tabIndex = -1; else el.removeAttribute("tabindex");
        el.removeAttribute("role");
        delete el.dataset.pickFocus;
      }
    });
    var harbor = board();
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
    var harbor = board();
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
    // A step with a single legal target (and no finished move to stop at) is taken for the player.
    if (!done && targets.length === 1) { picking.chosen.push(targets[0]); refresh(); return; }
    bar.querySelector(".pick-done").hidden = !done;
    if (done) { // the token bar's one tab stop (js/board-keys.js) is "Done" while it may end the pick
      bar.querySelectorAll("button").forEach(function (b) { b.tabIndex = -1; });
      bar.querySelector(".pick-done").tabIndex = 0;
    }
    picking.done = done;
    picking.chosen.forEach(function (key) { var el = element(key); if (el) el.classList.add("is-chosen"); });
    targets.forEach(function (key) {
      var el = element(key);
      if (!el) return;
      el.classList.add("is-target");
      if (el.tagName !== "BUTTON") { // reachable with the keyboard while it is a target: the board is
        // one tab stop, the arrows go from target to target (js/board-keys.js; Tab without it)
        el.setAttribute("tabindex", window.imhotepRove ? "-1" : "0");
        el.setAttribute("role", "button");
        el.dataset.pickFocus = "1";
      }
    });
    if (window.imhotepRove) window.imhotepRove();
    var first = element(targets[0] || "");
    if (first && document.activeElement && document.activeElement.closest("#board-pick, #harbor, #classic-board")) first.focus();
  }

  function keyOf(el) {
    // The base game: the innermost place that is a target (a slot in a ship, a card at the market).
    if (el.closest("#classic-board")) {
      for (var m = el; m && m.id !== "classic-board"; m = m.parentElement) {
        if (m.classList.contains("is-target")) return classicKey(m);
      }
      return null;
    }
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
      // Its list of moves opens too (issue 50): one tap there plays it, as cheap as the old list.
      document.querySelectorAll("#action-menu details[data-action]").forEach(function (d) {
        d.open = !!picking && d.dataset.action === picking.kind;
      });
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
    if (!picking || !event.target.closest("#harbor, #classic-board")) return;
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
    // Enter or Space on a target that is not a button: js/board-keys.js clicks it.
  });
  document.addEventListener("htmx:afterSettle", function () { picking = null; });
})();
