// muster serve: a player's page keeps itself up to date. Every few seconds it asks for itself
// again with the ETag it holds; when the campaign has changed what it shows, the page's main
// part is replaced, unless the player is typing in a form. A link that no longer answers
// (revoked) stops the asking, and says so: asked on, its misses would count against the
// address it shares with other players. A server that says "not now" is asked less often.
// The answer to a form comes to the form's address: the page takes its own (a reload reads the
// page, it does not send the form again) and asks for itself there.
(function () {
  "use strict";
  var main = document.getElementById("live");
  if (!main || !window.fetch) return;
  var path = location.pathname.replace(/[^\/]*$/, main.getAttribute("data-page") || "");
  if (path !== location.pathname && window.history && history.replaceState) history.replaceState(null, "", path);
  var etag = null, wait = 3000, stopped = false;
  function typing() {
    var a = document.activeElement;
    if (a && main.contains(a) && (a.tagName === "TEXTAREA" || a.tagName === "INPUT")) return true;
    var fields = main.querySelectorAll("textarea, input:not([type=hidden])");
    for (var i = 0; i < fields.length; i++) if (fields[i].value) return true;
    return false;
  }
  function poll() {
    var headers = {};
    if (etag) headers["If-None-Match"] = etag;
    fetch(path, { headers: headers, cache: "no-store", credentials: "omit" }).then(function (r) {
      if (r.status === 404 || r.status === 403) {
        stopped = true;
        var note = document.createElement("p");
        note.className = "gone";
        note.textContent = "This link no longer answers (revoked by the umpire?): the page has stopped following the campaign.";
        main.insertBefore(note, main.firstChild);
        return null;
      }
      wait = r.status === 429 || r.status === 503 ? 60000 : 3000;
      if (r.status === 304 || !r.ok) return null;
      var fresh = r.headers.get("ETag");
      return r.text().then(function (text) {
        if (typing()) return;  // keep what is being typed; try again later
        var doc = new DOMParser().parseFromString(text, "text/html");
        var next = doc.getElementById("live");
        if (!next) return;
        main.innerHTML = next.innerHTML;
        etag = fresh;
        document.title = doc.title;
      });
    }).catch(function () {}).then(function () { if (!stopped) setTimeout(poll, wait); });
  }
  poll();
})();
