// The base-game calculator's burial chamber (classic.md C5.4): each cell's <select> stays the
// form field (the page works without this script); the script puts a button over it that cycles
// empty → the colours in play on each tap, keeps one empty column after the filled ones, and
// fires "change" so htmx asks for the new score.
(function () {
  "use strict";

  function coloursInPlay(form) {
    var checked = form.querySelector('input[name="players"]:checked');
    var count = checked ? Number(checked.value) : 4;
    var colours = [];
    for (var i = 0; i < count; i++) {
      var select = form.querySelector('select[name="p' + i + '_colour"]');
      if (select && select.value && colours.indexOf(select.value) < 0) colours.push(select.value);
    }
    return colours;
  }

  function paint(cell) {
    var select = cell.querySelector("select");
    var button = cell.querySelector("button");
    var colour = select.value;
    var option = select.options[select.selectedIndex];
    button.dataset.colour = colour;
    // The page's words (translated on the server): the option's short label and its colour word.
    // The name ends with the label shown, so a voice command naming it finds the button (WCAG 2.5.3).
    var shown = colour && option ? option.dataset.short || option.text : "";
    button.textContent = shown;
    var said = option ? option.text : colour;
    button.setAttribute("aria-label", select.dataset.label + ": " + said + (shown && shown !== said ? " – " + shown : ""));
  }

  function enhance(cell) {
    if (cell.querySelector("button")) return;
    var select = cell.querySelector("select");
    var label = cell.querySelector("label");
    select.dataset.label = label ? label.textContent : select.name;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "cell-button";
    cell.appendChild(button);
    cell.classList.add("enhanced");
    paint(cell);
  }

  function columns(grid) {
    var byColumn = [];
    grid.querySelectorAll(".cell").forEach(function (cell) {
      var c = Number(cell.dataset.column);
      (byColumn[c - 1] = byColumn[c - 1] || []).push(cell);
    });
    return byColumn;
  }

  function isEmpty(column) {
    return column.every(function (cell) { return !cell.querySelector("select").value; });
  }

  // A copy of the last column, emptied and renumbered, appended to the grid.
  function addColumn(grid, last) {
    var number = Number(last[0].dataset.column) + 1;
    last.forEach(function (cell) {
      var copy = cell.cloneNode(true);
      var row = copy.dataset.row;
      var name = "bc_" + number + "_" + row;
      var select = copy.querySelector("select");
      var label = copy.querySelector("label");
      copy.dataset.column = String(number);
      select.name = name;
      select.id = "id_" + name;
      select.value = "";
      if (label) {
        label.htmlFor = select.id;
        var pattern = grid.dataset.cellLabel || "{column}, {row}";
        label.textContent = pattern.replace("{column}", number).replace("{row}", row);
      }
      select.dataset.label = label ? label.textContent : name;
      grid.appendChild(copy);
      paint(copy);
    });
  }

  // One empty column after the filled ones: add one when the last fills, drop spare ones.
  function fit(grid) {
    var max = Number(grid.dataset.maxColumns || 30);
    var cols = columns(grid);
    if (!isEmpty(cols[cols.length - 1]) && cols.length < max) {
      addColumn(grid, cols[cols.length - 1]);
      return;
    }
    while (cols.length > 1 && isEmpty(cols[cols.length - 1]) && isEmpty(cols[cols.length - 2])) {
      cols.pop().forEach(function (cell) { cell.remove(); });
    }
  }

  function cycle(cell) {
    var form = cell.closest("form");
    var select = cell.querySelector("select");
    var order = [""].concat(coloursInPlay(form));
    var next = order[(order.indexOf(select.value) + 1) % order.length];
    select.value = next;
    paint(cell);
    fit(cell.closest(".chamber-grid"));
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function init() {
    document.querySelectorAll(".chamber-grid").forEach(function (grid) {
      grid.querySelectorAll(".cell").forEach(enhance);
      grid.addEventListener("click", function (event) {
        var button = event.target.closest(".cell-button");
        if (button) cycle(button.closest(".cell"));
      });
      grid.classList.add("enhanced");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
