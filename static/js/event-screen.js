// The big screen cycles through its panels on its own (tables, standings, next round's
// pairings); the panel shown is an attribute of <body>, which the 2 s refresh never replaces.
(function () {
  var order = ["tables", "standings", "next"];
  var seconds = { tables: 20, standings: 12, next: 12 };
  function available(name) { return document.querySelector('.panel[data-panel="' + name + '"]'); }
  function next() {
    var body = document.body;
    var at = order.indexOf(body.dataset.show);
    for (var step = 1; step <= order.length; step++) {
      var name = order[(at + step) % order.length];
      if (available(name)) { body.dataset.show = name; break; }
    }
    setTimeout(next, (seconds[body.dataset.show] || 12) * 1000);
  }
  var params = new URLSearchParams(location.search);
  if (params.get("panel")) { document.body.dataset.show = params.get("panel"); }
  if (params.get("cycle") !== "0") { setTimeout(next, seconds[document.body.dataset.show] * 1000); }
})();
