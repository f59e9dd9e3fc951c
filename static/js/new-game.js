// The "new game" forms (/games/new): choosing how the setup is entered opens its panel (the
// <details> after the radios), and the base game's round-card list offers only the cards of
// the number of players named (classic.md C1; each option's data-players lists its counts).
// Without this script the panels open by hand and the server refuses a card of another count.
(function () {
  "use strict";

  function panelOf(radio) {
    var fieldset = radio.closest("fieldset");
    return fieldset ? fieldset.querySelector("details") : null;
  }

  function followSetup(form) {
    var chosen = form.querySelector('input[name="setup"]:checked');
    if (!chosen) return;
    var panel = panelOf(chosen);
    if (panel) panel.open = chosen.value !== "shuffle";
  }

  function playerCount(form) {
    var named = 0;
    form.querySelectorAll('input[type="text"][name^="player_"]').forEach(function (input) {
      if (input.value.trim()) named += 1;
    });
    return Math.max(named, 2);
  }

  function fitRoundCards(form) {
    var select = form.querySelector('select[name="round_card"]');
    if (!select) return;
    var count = String(playerCount(form));
    Array.prototype.forEach.call(select.options, function (option) {
      if (!option.dataset.players) return;
      var fits = option.dataset.players.split(" ").indexOf(count) >= 0;
      option.hidden = !fits;
      option.disabled = !fits;
      if (!fits && option.selected) select.value = "";
    });
  }

  function init() {
    document.querySelectorAll("form.new-game-form").forEach(function (form) {
      form.addEventListener("change", function (event) {
        if (event.target.name === "setup") followSetup(form);
      });
      form.addEventListener("input", function (event) {
        if (event.target.name && event.target.name.indexOf("player_") === 0) fitRoundCards(form);
      });
      fitRoundCards(form);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
