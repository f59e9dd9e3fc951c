// The header's menu button on narrow screens: the navigation folds behind it so that a phone at
// the table sees the board first. Without JavaScript the button stays hidden and the menu shows.
(function () {
  const header = document.querySelector(".site-header");
  const button = header && header.querySelector(".menu-button");
  const menu = document.getElementById("site-menu");
  if (!button || !menu) return;
  header.classList.add("foldable");
  button.hidden = false;
  button.addEventListener("click", function () {
    const open = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(open));
    header.classList.toggle("is-open", open);
  });
})();
