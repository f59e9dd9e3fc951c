// Live entry on a café's Wi-Fi: a tap whose request got no answer (the connection dropped, or
// it timed out) is kept and sent again, in order, until the server answers; meanwhile the page
// says "not saved yet — retrying" and takes no other tap. Every move form carries a move id made
// when the page was drawn, so a tap that did reach the server before the connection dropped is
// stored once: the server answers a repeated id with the move it already has. Without
// JavaScript the forms post as usual.
(function () {
  "use strict";
  var queue = [];
  var timer = null;
  var delay = 1000;

  function page() { return document.querySelector(".play-page"); }

  function waiting(on) {
    var p = page();
    if (!p) return;
    p.classList.toggle("is-waiting", on);
    var note = document.getElementById("play-retrying");
    if (note) note.hidden = !on;
  }

  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function sendNext() {
    timer = null;
    if (!queue.length) { waiting(false); return; }
    var tap = queue[0];
    fetch(tap.path, {
      method: "POST", body: tap.body, credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "play", "X-CSRFToken": csrf() },
    }).then(function (response) {
      return response.text().then(function (html) {
        queue.shift();
        delay = 1000;
        var target = document.getElementById("play");
        if (target && window.htmx) window.htmx.swap(target, html, { swapStyle: "outerHTML" });
        if (queue.length) sendNext(); else waiting(false);
      });
    }, function () {
      delay = Math.min(delay * 2, 10000);
      timer = setTimeout(sendNext, delay);
    });
  }

  function keep(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !config.elt || !config.elt.closest(".play-page")) return;
    queue.push({ path: config.path, body: config.formData });
    waiting(true);
    if (!timer) timer = setTimeout(sendNext, delay);
  }

  document.addEventListener("htmx:sendError", keep);
  document.addEventListener("htmx:timeout", keep);
  window.addEventListener("online", function () {
    if (queue.length) { clearTimeout(timer); delay = 1000; sendNext(); }
  });
})();
