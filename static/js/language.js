// The language switcher submits as soon as a language is picked; without JavaScript its
// button does the same.
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("language-select");
  if (!select) return;
  document.getElementById("language-submit").hidden = true;
  select.addEventListener("change", () => select.form.submit());
});
