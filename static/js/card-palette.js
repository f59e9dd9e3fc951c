// The base game's draw prompt tapped, not scrolled (issue 39): a round card is one tap on its
// button, each market card one tap on its face in the order turned up (it fills the next empty
// "Market card N" list; every face shows how many can still turn up, greyed out at none), and
// the tap that completes the prompt records the move. The lists stay (typed or picked by hand,
// then "Record the move"); the server checks every card again (games/ui/classic/table.py).
(function () {
  "use strict";
  function lists(form) { return Array.from(form.querySelectorAll('select[name^="market_"]')); }
  function roundCard(form) { return form.querySelector('select[name="round_card"]'); }
  function complete(form) {
    var round = roundCard(form);
    return (!round || round.value) && lists(form).every(function (s) { return s.value; });
  }
  function refresh(form) {
    var used = {};
    lists(form).forEach(function (s) { if (s.value) used[s.value] = (used[s.value] || 0) + 1; });
    var palette = form.querySelector(".market-taps");
    if (palette) { // each face's name is what it shows: the card and how many can still turn up
      palette.querySelectorAll("button.face[data-card]").forEach(function (face) {
        var left = Math.max(0, Number(face.dataset.left) - (used[face.dataset.card] || 0));
        face.querySelector("small").textContent = left;
        face.disabled = left === 0;
      });
    }
    var round = roundCard(form);
    form.querySelectorAll("button[data-round-card]").forEach(function (b) {
      b.setAttribute("aria-pressed", String(!!round && round.value === b.dataset.roundCard));
    });
  }
  // "Draw at random" (a variation played on, issue 39): the round card among those that can
  // turn up, each market card as likely as its count left; then the prompt is sent.
  function drawAtRandom(form) {
    var round = roundCard(form);
    var rounds = Array.from(form.querySelectorAll("button[data-round-card]"));
    if (round && !round.value && rounds.length) round.value = rounds[Math.floor(Math.random() * rounds.length)].dataset.roundCard;
    lists(form).forEach(function (list) {
      if (list.value) return;
      refresh(form);
      var faces = Array.from(form.querySelectorAll(".card-palette button.face[data-card]")).filter(function (f) { return !f.disabled; });
      var weights = faces.map(function (f) { return Number(f.querySelector("small").textContent); });
      var pick = Math.random() * weights.reduce(function (a, b) { return a + b; }, 0);
      var face = faces.find(function (f, k) { pick -= weights[k]; return pick < 0; });
      if (face) list.value = face.dataset.card;
    });
    refresh(form);
    form.requestSubmit();
  }
  function finish(form) {
    refresh(form);
    if (complete(form)) form.requestSubmit();
  }
  document.addEventListener("click", function (event) {
    var form = event.target.closest("#draw-form");
    if (!form) return;
    var face = event.target.closest(".card-palette button.face[data-card]");
    if (face && !face.disabled) {
      var empty = lists(form).find(function (s) { return !s.value; });
      if (empty) { empty.value = face.dataset.card; finish(form); }
      return;
    }
    if (event.target.closest(".card-palette [data-remove-last]")) {
      var filled = lists(form).filter(function (s) { return s.value; }).pop();
      if (filled) filled.value = "";
      refresh(form);
      return;
    }
    if (event.target.closest("[data-draw-random]") && form.querySelector(".card-palette")) {
      drawAtRandom(form);
      return;
    }
    var card = event.target.closest("button[data-round-card]");
    if (card && roundCard(form)) { roundCard(form).value = card.dataset.roundCard; finish(form); }
  });
  function all() { document.querySelectorAll("#draw-form").forEach(refresh); }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("#draw-form");
    if (form) refresh(form);
  });
  document.addEventListener("htmx:afterSettle", all);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
