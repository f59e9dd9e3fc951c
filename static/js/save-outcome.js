// The calculator's "save to club history" refusal (scoring/_save.html) stays until the board is
// typed on again: cleared by the player's own input, never by a live update that answers a keystroke
// made before the tap.
document.addEventListener("input", (event) => {
  if (event.target.closest && event.target.closest("form.calc")) {
    document.getElementById("save-outcome")?.replaceChildren();
  }
});
