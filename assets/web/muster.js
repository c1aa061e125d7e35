// muster serve: a player's page keeps itself up to date. Every few seconds it asks for itself
// again with the ETag it holds; when the campaign has changed what it shows, the page's main
// part is replaced, unless the player is typing in a form.
(function () {
  "use strict";
  var main = document.getElementById("live");
  if (!main || !window.fetch) return;
  var etag = null;
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
    fetch(location.pathname, { headers: headers, cache: "no-store", credentials: "omit" }).then(function (r) {
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
    }).catch(function () {}).then(function () { setTimeout(poll, 3000); });
  }
  poll();
})();
