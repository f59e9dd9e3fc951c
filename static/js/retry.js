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
// Offline that is exact (issue 50): after every change of #play the page writes its own copy
// (the document as it is now) into the offline worker's cache, so a page reopened offline is
// the board after every stored move, with the kept taps marked on it, never an older copy. Every
// move id names this browser ("dev-<device>-<tap>"): a kept tap sent for an older ply than the
// game's follows this phone's own stored moves (games/play/appending.py); when another device
// stored a different move there, the page shows both (#play-conflict) and the players choose;
// the moves not chosen are set aside on this phone (#play-aside), to be put back or forgotten.
(function () {
  "use strict";
  var KEY = "imhotep:taps:" + location.pathname;
  var ASIDE = "imhotep:aside:" + location.pathname;
  var CACHE = "imhotep-play-1"; // static/js/offline-sw.js serves it
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
  function hex(n) {
    var bytes = new Uint8Array(n);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // This browser's id, in every move id it makes: the server tells this phone's taps from another device's.
  function device() {
    var id = localStorage.getItem("imhotep:device");
    if (!/^[0-9a-f]{16}$/.test(id || "")) { id = hex(8); localStorage.setItem("imhotep:device", id); }
    return id;
  }
  function newId() { return "dev-" + device() + "-" + hex(12); }
  // The cells of a boat's line (duel.md D2): row-2 is a2 b2 c2, col-b is b1 b2 b3.
  function line(boat) {
    var which = boat.split("-")[1] || "";
    return /^row-/.test(boat) ? ["a", "b", "c"].map(function (c) { return c + which; })
      : [1, 2, 3].map(function (r) { return which + r; });
  }
  function stored(cell) {
    var el = document.querySelector('#harbor [data-cell="' + cell + '"]');
    return !!el && !!el.querySelector(".meeple:not(.pending-mark)");
  }
  // A cell taken after the kept taps: by a stored meeple or a kept placement, unless a kept
  // unload of its line took that meeple back since (D4.2). Such a cell takes no tap offline.
  function held(cell) {
    var taken = stored(cell);
    kept().forEach(function (tap) {
      if (tap.cell === cell) taken = true;
      if (tap.boat && line(tap.boat).indexOf(cell) >= 0) taken = false;
    });
    return taken;
  }
  function mine(id) { return (id || "").indexOf("dev-" + device() + "-") === 0; }
  function aside() {
    try { return JSON.parse(localStorage.getItem(ASIDE) || "[]"); } catch (e) { return []; }
  }
  function keepAside(list) {
    if (list.length) localStorage.setItem(ASIDE, JSON.stringify(list));
    else localStorage.removeItem(ASIDE);
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
    document.querySelectorAll("#play .is-taken-back").forEach(function (el) { el.classList.remove("is-taken-back"); });
    // The mover of each kept tap (the Duel's players take turns, D5): its meeple on a kept placement.
    var colours = Array.from(document.querySelectorAll("#play .panel")).map(function (panel) {
      var c = Array.from(panel.classList).find(function (k) { return k.indexOf("panel-") === 0; });
      return { colour: c ? c.slice(6) : "", moving: panel.classList.contains("is-to-move") };
    });
    var first = colours.findIndex(function (c) { return c.moving; });
    queue.forEach(function (tap, k) {
      var el = tap.cell ? document.querySelector('#harbor [data-cell="' + tap.cell + '"]')
        : tap.boat ? document.querySelector('#harbor [data-boat="' + tap.boat + '"]') : null;
      if (!el) return;
      el.classList.add("is-pending");
      if (tap.boat) {
        // A kept unload (D4.2): the meeples of its line go back to their owners, stored ones and
        // kept ones alike, and the boat's tokens leave it; drawn from the taps kept here.
        line(tap.boat).forEach(function (cell) {
          var place = document.querySelector('#harbor [data-cell="' + cell + '"]');
          if (!place) return;
          place.querySelectorAll(".meeple").forEach(function (m) {
            if (m.classList.contains("pending-mark")) m.remove(); else m.classList.add("is-taken-back");
          });
        });
        el.querySelectorAll(".token").forEach(function (t) { t.classList.add("is-taken-back"); });
      }
      var mark = document.createElement("span");
      mark.className = "pending-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = "◌";
      if (tap.cell && first >= 0 && colours.length) {
        mark.className = "pending-mark meeple meeple-" + colours[(first + k) % colours.length].colour;
        mark.textContent = "●";
      }
      el.appendChild(mark);
    });
    var shelf = document.getElementById("play-aside");
    if (shelf) {
      var set = aside();
      shelf.hidden = !set.length;
      var items = shelf.querySelector("ol");
      items.textContent = "";
      set.forEach(function (entry) {
        var item = document.createElement("li");
        item.textContent = entry.label + (entry.from === "other" ? " (" + (shelf.dataset.other || "") + ")" : "");
        items.appendChild(item);
      });
    }
  }

  // The page as it is now, written as its offline copy (static/js/offline-sw.js serves it when a
  // navigation fails): stored moves as last swapped in; kept taps come from localStorage on load.
  var writing = Promise.resolve();
  function snapshot() {
    var page = document.querySelector(".play-page[data-offline-sw]");
    var p = play();
    if (!page || !p || !window.caches || document.getElementById("play-conflict")) return;
    var copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll(".pending-mark, #play-error").forEach(function (el) { el.remove(); });
    copy.querySelectorAll("[class]").forEach(function (el) {
      Array.from(el.classList).forEach(function (k) {
        if (/^(htmx-|is-pending$|is-taken-back$|is-target$|is-chosen$|is-picking$|is-waiting$)/.test(k)) el.classList.remove(k);
      });
    });
    copy.querySelectorAll("[data-pick-focus]").forEach(function (el) {
      el.removeAttribute("data-pick-focus"); el.removeAttribute("tabindex"); el.removeAttribute("role");
    });
    var kept = copy.querySelector(".play-page");
    kept.removeAttribute("data-offline-ready");
    kept.removeAttribute("data-kept-ply");
    var html = "<!doctype html>\n" + copy.outerHTML;
    var ply = p.dataset.ply;
    writing = writing.then(function () { return caches.open(CACHE); }).then(function (cache) {
      return cache.put(location.origin + location.pathname,
                       new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }).then(function () { page.dataset.keptPly = ply; }, function () {});
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
        // The tap set aside or discarded while its answer was on its way ("Send now" pressed
        // twice, then a conflict settled): a refusal of it is old news, not shown again.
        var first = kept()[0];
        var ours = !!first && first.body === tap.body;
        if (!stored && !ours) { show(); return; }
        if (stored && ours) {
          queue = kept();
          queue.shift();
          keep(queue);
        } else if (!stored) {
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
    if (d.verb !== "post" || !d.elt || !d.elt.closest(".play-page")) return;
    // A move id of this device (the prompt of a kept tap carries that tap's id back).
    if (d.parameters.move_id !== undefined && !mine(d.parameters.move_id)) d.parameters.move_id = newId();
    if (!offline()) return;
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
    if (button && button.dataset.cell && held(button.dataset.cell)) return;
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
    if (el.dataset.cell && held(el.dataset.cell)) return;
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
    snapshot();
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
      // The page's own copy is written by snapshot(), never fetched again: a fetch answered
      // after the next move would put an older board back.
      registration.active.postMessage({ keep: files });
    }).catch(function () {});
  }

  // A conflict (#play-conflict): keep the other device's moves, setting this phone's kept taps
  // aside; or use this phone's, undoing the other device's moves (kept aside) and sending ours.
  function keepTheirs() {
    var set = aside();
    kept().forEach(function (tap) {
      set.push({ label: tap.label || "", move: new URLSearchParams(tap.body).get("move"), from: "mine" });
    });
    keepAside(set);
    keep([]);
    stopped = false;
    settleConflict();
  }
  function settleConflict() {
    var block = document.getElementById("play-conflict");
    if (block) block.remove();
    var error = document.getElementById("play-error");
    if (error) error.remove();
    show();
    snapshot();
  }
  function undoTo(ply, current, done) {
    if (current <= ply) { done(); return; }
    var form = document.querySelector("#play .undo-form");
    var path = form ? form.getAttribute("action") : location.pathname + "/undo";
    var body = new URLSearchParams({ csrfmiddlewaretoken: csrf(), ply: String(current) });
    fetch(path, { method: "POST", body: body.toString(), credentials: "same-origin",
                  headers: { "HX-Request": "true", "HX-Target": "play", "X-CSRFToken": csrf(),
                             "Content-Type": "application/x-www-form-urlencoded" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var answer = new DOMParser().parseFromString(html, "text/html");
        var next = answer.getElementById("play");
        if (!next || answer.getElementById("play-error") || Number(next.dataset.ply) !== current - 1) {
          if (window.htmx && play()) window.htmx.swap(play(), html, { swapStyle: "outerHTML" });
          show();
          return; // the server says why (shown); the other device's moves left are still stored
        }
        if (current - 1 <= ply && window.htmx && play()) window.htmx.swap(play(), html, { swapStyle: "outerHTML" });
        undoTo(ply, current - 1, done);
      }, function () { show(); });
  }
  function useMine(block) {
    var set = aside();
    block.querySelectorAll("[data-move]").forEach(function (item) {
      set.push({ label: item.dataset.label || item.textContent.trim(), move: item.dataset.move, from: "other" });
    });
    keepAside(set);
    undoTo(Number(block.dataset.ply), Number(block.dataset.current), function () {
      stopped = false;
      show();
      sendNext();
    });
  }
  // Moves set aside go back after the last move, as kept taps (the server checks them again).
  function putBack() {
    var set = aside();
    var form = document.querySelector("#play form.move-form, #play form.redo-form");
    var path = form ? form.getAttribute("action") : location.pathname;
    keepAside([]);
    set.forEach(function (entry) {
      var params = new URLSearchParams({ csrfmiddlewaretoken: csrf(), move: entry.move });
      add(params, { path: path, label: entry.label }, false);
    });
    stopped = false;
    if (navigator.onLine) sendNext();
  }
  document.addEventListener("click", function (event) {
    var choice = event.target.closest("#play-conflict [data-conflict]");
    if (choice && choice.dataset.conflict === "theirs") keepTheirs();
    if (choice && choice.dataset.conflict === "mine") useMine(choice.closest("#play-conflict"));
    if (event.target.closest("#aside-back")) putBack();
    if (event.target.closest("#aside-forget")) { keepAside([]); show(); }
  });

  function start() { show(); snapshot(); keepPage(); if (navigator.onLine && kept().length) sendNext(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
