// The token palette of Duel transcription (templates/games/_token_palette.html): tapping a face
// adds its short label to the field being filled (the focused one, else the first not yet full),
// and every face shows how many of it can still turn up, greyed out at none. The server checks
// everything again (rules_engine/duel/labels.py, the engine's D1 counts). In a play page's draw
// prompt (data-auto-submit) the tap that fills the last field sends the prompt.
// The tokens tapped or typed into a draw prompt are kept in localStorage (per page, ply and
// move) until the prompt is gone, so a reload (online, or the offline copy) shows them again.
(function () {
  "use strict";
  const lastFocused = new WeakMap();
  const DRAW = `imhotep:draw:${location.pathname}`;

  function drawForm() { return document.getElementById("draw-form"); }
  function saveDraw() {
    const form = drawForm();
    if (!form || !form.elements.move) return;
    const values = {};
    form.querySelectorAll("input[data-need]").forEach((i) => { values[i.name] = i.value; });
    localStorage.setItem(DRAW, JSON.stringify({ ply: form.elements.ply.value, move: form.elements.move.value, values }));
  }
  function restoreDraw() {
    const form = drawForm();
    if (!form || !form.elements.move) { localStorage.removeItem(DRAW); return; }
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(DRAW) || "null"); } catch (e) { kept = null; }
    if (!kept || kept.ply !== form.elements.ply.value || kept.move !== form.elements.move.value) return;
    form.querySelectorAll("input[data-need]").forEach((i) => {
      if (!i.value.trim() && kept.values[i.name]) i.value = kept.values[i.name];
    });
  }

  function fields(palette) {
    return Array.from(document.querySelectorAll(palette.dataset.inputs));
  }
  function words(input) {
    const text = input.value.trim();
    return text ? text.split(/[\s,;]+/) : [];
  }
  function full(input) {
    return words(input).length >= Number(input.dataset.need || 3);
  }
  function refresh(palette) {
    const faces = Array.from(palette.querySelectorAll("button.face"));
    const byLabel = new Map();
    faces.forEach((f) => {
      byLabel.set(f.dataset.short.toLowerCase(), f);
      byLabel.set(f.dataset.english.toLowerCase(), f); // the English labels are read in every language
      byLabel.set(f.dataset.token, f);
    });
    const used = new Map();
    fields(palette).forEach((input) => words(input).forEach((w) => {
      const face = byLabel.get(w.toLowerCase());
      if (face) used.set(face, (used.get(face) || 0) + 1);
    }));
    faces.forEach((f) => {
      const left = Math.max(0, Number(f.dataset.left) - (used.get(f) || 0));
      f.querySelector("small").textContent = left;
      f.disabled = left === 0;
      const pattern = palette.dataset.leftLabel || "{name}, {left}";
      // the name begins with what the face shows, its label and count (WCAG 2.5.3)
      f.setAttribute("aria-label", `${f.dataset.short} ${left} — ${pattern.replace("{name}", f.title).replace("{left}", left)}`);
    });
  }

  const tapped = new WeakMap(); // palette → the fields its taps filled, in order (for "remove last token")

  // "Remove last token": the last word of the field the last tap filled (else of the last field
  // holding one), so a mistaken tap is taken back where it was made.
  function removeLast(palette) {
    const inputs = fields(palette);
    const stack = (tapped.get(palette) || []).filter((i) => inputs.includes(i) && words(i).length);
    const target = stack.pop() || inputs.slice().reverse().find((i) => words(i).length);
    tapped.set(palette, stack);
    if (!target) return;
    target.value = words(target).slice(0, -1).join(" ");
    lastFocused.set(palette, target);
    refresh(palette);
    saveDraw();
  }

  // "Draw at random" (a variation played on from a transcribed game, issue 39): every field not
  // yet full gets faces drawn from those that can still turn up, each as likely as its count
  // left, then the prompt is sent; the server checks the draw as a typed one.
  function drawAtRandom(form) {
    const palette = form.querySelector(".palette");
    if (!palette) return;
    fields(palette).forEach((input) => {
      while (!full(input)) {
        refresh(palette);
        const faces = Array.from(palette.querySelectorAll("button.face")).filter((f) => !f.disabled);
        const weights = faces.map((f) => Number(f.querySelector("small").textContent));
        let pick = Math.random() * weights.reduce((a, b) => a + b, 0);
        const face = faces.find((f, k) => (pick -= weights[k]) < 0);
        if (!face) return; // nothing left to draw: the server says what is missing
        input.value = `${input.value.trim()} ${face.dataset.short}`.trim();
      }
    });
    refresh(palette);
    form.requestSubmit();
  }

  document.addEventListener("click", (event) => {
    const random = event.target.closest("#draw-form [data-draw-random]");
    if (random) {
      drawAtRandom(random.closest("form"));
      return;
    }
    const remove = event.target.closest(".palette [data-remove-last]");
    if (remove) {
      removeLast(remove.closest(".palette"));
      return;
    }
    const face = event.target.closest(".palette button.face");
    if (!face || face.disabled) return;
    const palette = face.closest(".palette");
    const inputs = fields(palette);
    const focused = lastFocused.get(palette);
    const target = focused && !full(focused) ? focused : inputs.find((i) => !full(i));
    if (!target) return;
    target.value = `${target.value.trim()} ${face.dataset.short}`.trim();
    tapped.set(palette, (tapped.get(palette) || []).concat([target]));
    if (full(target)) {
      const next = inputs.find((i) => !full(i));
      if (next) lastFocused.set(palette, next);
    }
    refresh(palette);
    saveDraw();
    // A prompt's last needed token records the move (issue 39: no "Record the move" tap); a
    // mistaken last tap is taken back with undo above the board, which asks the prompt again.
    const form = palette.closest("form");
    if (palette.hasAttribute("data-auto-submit") && form && inputs.every(full)) form.requestSubmit();
  });
  document.addEventListener("focusin", (event) => {
    document.querySelectorAll(".palette").forEach((palette) => {
      if (fields(palette).includes(event.target)) lastFocused.set(palette, event.target);
    });
  });
  // Typing labels (issue 50: fewer key presses): a label that no longer one starts with is
  // finished, so the field puts the space after it itself ("#7Ob" reads "#7 Ob"); a field that
  // holds its tokens passes the focus to the next one, and a draw prompt's last one sends it.
  // "#1" may still become "#10"–"#12": a space (or Enter) ends it.
  function labelsOf(palette) {
    const set = new Set();
    palette.querySelectorAll("button.face").forEach((f) => {
      set.add(f.dataset.short.toLowerCase());
      set.add(f.dataset.english.toLowerCase());
    });
    return Array.from(set);
  }
  function finished(labels, word) {
    const w = word.toLowerCase();
    return labels.includes(w) && !labels.some((l) => l !== w && l.startsWith(w));
  }
  function spaced(labels, word) {
    // A word that is no label's start: a finished label, then the start of the next one.
    const w = word.toLowerCase();
    if (labels.some((l) => l.startsWith(w))) return null;
    for (let i = w.length - 1; i > 0; i--) {
      if (labels.includes(w.slice(0, i)) && labels.some((l) => l.startsWith(w.slice(i)))) {
        return `${word.slice(0, i)} ${word.slice(i)}`;
      }
    }
    return null;
  }
  function typed(event) {
    const input = event.target;
    if (!input.matches || !input.matches("input[data-need]") || event.inputType !== "insertText") return;
    const palette = Array.from(document.querySelectorAll(".palette")).find((p) => fields(p).includes(input));
    if (!palette || input.selectionStart !== input.value.length) return;
    const labels = labelsOf(palette);
    const value = input.value;
    const last = value.split(/\s+/).pop();
    if (last) {
      const split = spaced(labels, last);
      if (split) input.value = value.slice(0, value.length - last.length) + split;
    }
    const now = input.value.split(/\s+/).pop();
    const done = now ? finished(labels, now) : /\s$/.test(input.value);
    if (!done) return;
    if (!full(input)) {
      if (now) input.value = `${input.value} `;
      return;
    }
    input.value = input.value.trim();
    refresh(palette);
    saveDraw();
    const inputs = fields(palette);
    const next = inputs.find((i) => !full(i));
    const form = palette.closest("form") || input.form;
    if (next) next.focus();
    else if (palette.hasAttribute("data-auto-submit") && form) form.requestSubmit();
    else if (form && form.querySelector("button[type=submit]")) form.querySelector("button[type=submit]").focus();
  }

  document.addEventListener("input", typed);
  document.addEventListener("input", (event) => {
    document.querySelectorAll(".palette").forEach(refresh);
    if (event.target.closest && event.target.closest("#draw-form")) saveDraw();
  });
  document.addEventListener("htmx:afterSettle", () => { restoreDraw(); document.querySelectorAll(".palette").forEach(refresh); });
  document.addEventListener("DOMContentLoaded", () => { restoreDraw(); document.querySelectorAll(".palette").forEach(refresh); });
})();
