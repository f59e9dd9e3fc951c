// Live entry at any table, online or not (issue 39). A tap whose request got no answer (the
// connection dropped, or it timed out) is kept; so is every tap made while the phone is offline
// or while earlier taps wait: the page keeps taking them, marks them on the board as pending,
// lists them, and keeps them in localStorage (a reload or a closed tab loses none). They are sent
// in order, one at a time, on load, on "online", on "Send now" and on a timer that backs off.
// Each kept tap has its own move id, so a tap that did reach the server is stored once: the
// server answers a repeated id with the move it already has. The page checks nothing offline
// (the engine runs on the server): a refused tap stops the sending and its reason is shown; the
// taps after it stay kept until sent again or discarded. Without JavaScript the forms post as
// usual. Taps on board places that are not buttons (offline the page cannot know what is legal)
// become moves through #play's data-offline-cell / data-offline-boat patterns.
(function () {
  "use strict";
  var KEY = "imhotep:taps:" + location.pathname;
  var timer = null;
  var delay = 1000;
  var sending = false;
  var stopped = false;

  function kept() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function keep(queue) {
    if (queue.length) localStorage.setItem(KEY, JSON.stringify(queue));
    else localStorage.removeItem(KEY);
  }
  function play() { return document.getElementById("play"); }
  function shownPly() { var p = play(); return p ? Number(p.dataset.ply) : 0; }
  function newId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function offline() { return !navigator.onLine || kept().length > 0; }
  // The table is asked what a kept tap turned up: nothing more is sent until it answers (sending
  // the tap again would bring a fresh prompt and lose the tokens already picked).
  function prompted() { return !!document.getElementById("draw-form"); }

  // The page: the waiting note, the list of kept taps, and their marks on the board.
  function show() {
    var queue = kept();
    var page = document.querySelector(".play-page");
    if (!page) return;
    page.classList.toggle("is-waiting", queue.length > 0);
    var note = document.getElementById("play-retrying");
    if (note) note.hidden = !queue.length || stopped;
    var panel = document.getElementById("play-pending");
    if (panel) {
      panel.hidden = !queue.length;
      var list = panel.querySelector("ol");
      list.textContent = "";
      queue.forEach(function (tap) {
        var item = document.createElement("li");
        item.textContent = tap.label;
        list.appendChild(item);
      });
      var discard = document.getElementById("discard-pending");
      if (discard) discard.hidden = !stopped;
      var sendNow = document.getElementById("send-now");
      if (sendNow) sendNow.hidden = prompted();
    }
    document.querySelectorAll("#play .is-pending").forEach(function (el) { el.classList.remove("is-pending"); });
    document.querySelectorAll("#play .pending-mark").forEach(function (el) { el.remove(); });
    queue.forEach(function (tap) {
      var el = tap.cell ? document.querySelector('#harbor [data-cell="' + tap.cell + '"]')
        : tap.boat ? document.querySelector('#harbor [data-boat="' + tap.boat + '"]') : null;
      if (!el) return;
      el.classList.add("is-pending");
      var mark = document.createElement("span");
      mark.className = "pending-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = "◌";
      el.appendChild(mark);
    });
  }

  function add(params, info, keepId) {
    var queue = kept();
    params.set("ply", String(queue.length ? queue[queue.length - 1].ply + 1 : shownPly()));
    if (!keepId || !params.get("move_id")) params.set("move_id", newId());
    var ply = Number(params.get("ply"));
    queue.push({ path: info.path, body: params.toString(), ply: ply, label: info.label || "",
                 cell: info.cell || "", boat: info.boat || "" });
    keep(queue);
    show();
  }

  function later() {
    if (timer) return;
    timer = setTimeout(function () { timer = null; sendNext(); }, delay);
    delay = Math.min(delay * 2, 10000);
  }

  function sendNext() {
    var queue = kept();
    if (sending || stopped || !queue.length || prompted()) { show(); return; }
    var tap = queue[0];
    sending = true;
    fetch(tap.path, {
      method: "POST", body: tap.body, credentials: "same-origin",
      headers: { "HX-Request": "true", "HX-Target": "play", "X-CSRFToken": csrf(),
                 "Content-Type": "application/x-www-form-urlencoded" },
    }).then(function (response) {
      return response.text().then(function (html) {
        sending = false;
        delay = 1000;
        var answer = new DOMParser().parseFromString(html, "text/html");
        var next = answer.getElementById("play");
        var stored = next && !answer.getElementById("play-error") && !answer.getElementById("draw-form")
          && Number(next.dataset.ply) > tap.ply;
        if (stored) {
          queue = kept();
          queue.shift();
          keep(queue);
        } else {
          stopped = true; // refused, or the table must say what it turned up: the reader acts
        }
        var target = play();
        if (next && target && window.htmx) window.htmx.swap(target, html, { swapStyle: "outerHTML" });
        show();
        if (stored) sendNext();
      });
    }, function () {
      sending = false;
      show();
      later();
    });
  }

  // A tap (htmx is about to post it): kept instead while offline or while earlier taps wait.
  document.addEventListener("htmx:configRequest", function (event) {
    var d = event.detail;
    if (d.verb !== "post" || !d.elt || !d.elt.closest(".play-page") || !offline()) return;
    // The answer to the prompt the sending stopped at goes now (it is the first kept tap's).
    if (stopped && navigator.onLine && d.elt.closest("#draw-form")) return;
    event.preventDefault();
    if (d.elt.closest(".undo-form")) { // undo while taps wait: the last kept tap goes
      if (sending) return;
      var queue = kept();
      queue.pop();
      keep(queue);
      stopped = false;
      show();
      return;
    }
    var button = d.triggeringEvent && d.triggeringEvent.submitter;
    var params = new URLSearchParams(d.formData || d.parameters);
    add(params, { path: d.path, label: button ? button.getAttribute("aria-label") || button.textContent.trim() : "",
                  cell: button && button.dataset.cell, boat: button && button.dataset.boat }, false);
    if (navigator.onLine) sendNext();
  });

  // A place on the board that is not a button, tapped offline.
  document.addEventListener("click", function (event) {
    var el = event.target.closest("#harbor [data-cell], #harbor [data-boat]");
    var p = play();
    if (!el || el.tagName === "BUTTON" || !p || !offline()) return;
    var pattern = el.dataset.cell ? p.dataset.offlineCell : p.dataset.offlineBoat;
    if (!pattern) return;
    var name = el.dataset.cell || el.dataset.boat;
    var form = p.querySelector("form.move-form");
    var params = new URLSearchParams();
    params.set("csrfmiddlewaretoken", csrf());
    params.set("move", pattern.replace("{name}", name));
    add(params, { path: form ? form.getAttribute("action") : location.pathname,
                  label: ((el.dataset.cell ? p.dataset.offlineCellLabel : p.dataset.offlineBoatLabel) || name).replace("{name}", name),
                  cell: el.dataset.cell, boat: el.dataset.boat }, false);
    if (navigator.onLine) sendNext();
  });

  // A request that got no answer: kept with its own move id (it may have been stored).
  function noAnswer(event) {
    var config = event.detail.requestConfig;
    if (!config || config.verb !== "post" || !config.elt || !config.elt.closest(".play-page")) return;
    if (config.elt.closest(".undo-form")) return;
    var queue = kept();
    var params = new URLSearchParams(config.formData);
    params.set("csrfmiddlewaretoken", csrf());
    queue.push({ path: config.path, body: params.toString(), ply: Number(params.get("ply")),
                    label: "", cell: "", boat: "" });
    keep(queue);
    show();
    later();
  }
  document.addEventListener("htmx:sendError", noAnswer);
  document.addEventListener("htmx:timeout", noAnswer);

  document.addEventListener("htmx:afterSettle", function () {
    // A prompt answered by hand stores the kept tap it was for: drop it, send the rest.
    var queue = kept();
    if (queue.length && stopped && !document.getElementById("play-error") && !document.getElementById("draw-form")
        && shownPly() > queue[0].ply) {
      queue.shift();
      keep(queue);
      stopped = false;
      sendNext();
    }
    show();
  });
  window.addEventListener("online", function () { clearTimeout(timer); timer = null; delay = 1000; sendNext(); });
  window.addEventListener("offline", show);
  document.addEventListener("click", function (event) {
    if (event.target.closest("#send-now") && !prompted()) { stopped = false; clearTimeout(timer); timer = null; delay = 1000; sendNext(); }
    if (event.target.closest("#discard-pending")) { keep([]); stopped = false; show(); }
  });

  // The page (and the files it loads) kept for opening it offline (static/js/offline-sw.js).
  function keepPage() {
    var page = document.querySelector(".play-page[data-offline-sw]");
    if (!page || !("serviceWorker" in navigator) || !navigator.onLine) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.kept) page.dataset.offlineReady = "true";
    });
    navigator.serviceWorker.register(page.dataset.offlineSw).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var files = Array.from(document.querySelectorAll("script[src], link[rel=stylesheet][href]")).map(function (el) {
        return el.src || el.href;
      });
      registration.active.postMessage({ keep: [location.origin + location.pathname].concat(files) });
    }).catch(function () {});
  }

  function start() { show(); keepPage(); if (navigator.onLine && kept().length) sendNext(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
