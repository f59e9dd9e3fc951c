// The play page opened without a connection (issue 39): served from /games/offline-sw.js, so it
// controls the pages under /games/. A play page asks it to keep the files it loads, and writes
// its own copy into the same cache after every change of its board (js/retry.js, issue 50: the
// board after every stored move, never an older page); a navigation to a play page goes to the
// network first and, when that fails, gets that copy, whose js/retry.js then shows and keeps the
// taps waiting in localStorage. Only GETs are touched: moves are never answered from here.
"use strict";
var CACHE = "imhotep-play-1";
var PLAY = /^\/games\/\d+\/play$/;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(url, response);
      }, function () {});
    }));
  }).then(function () {
    // Said to the page once every copy is written (js/retry.js marks the page ready offline).
    if (event.source) event.source.postMessage({ kept: urls.length });
  }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && PLAY.test(url.pathname);
  var file = url.pathname.indexOf("/static/") === 0;
  if (!page && !file) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && file) { // a page is written by the page itself, as it is after its last move
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(page ? url.origin + url.pathname : request, copy); });
    }
    return response;
  }, function () {
    return caches.match(page ? url.origin + url.pathname : request).then(function (kept) {
      return kept || Response.error();
    });
  }));
});
