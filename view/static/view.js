// nodelisp view: the one script. It opens an event in a side panel
// instead of a new page; without it every link still works as a page.
// The panel's content is a fragment the server rendered with every text
// escaped, fetched from the same origin.
"use strict";
(function () {
  const panel = document.getElementById("panel");
  const body = document.getElementById("panel-body");
  if (!panel || !body) return;
  function close() {
    panel.hidden = true;
    body.replaceChildren();
  }
  document.getElementById("panel-close").addEventListener("click", function (ev) {
    ev.preventDefault();
    close();
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") close();
  });
  document.addEventListener("click", function (ev) {
    const link = ev.target.closest("a[data-part]");
    if (!link || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    fetch(link.dataset.part, { credentials: "same-origin" })
      .then(function (r) {
        if (!r.ok) throw new Error(r.status + " " + r.statusText);
        return r.text();
      })
      .then(function (html) {
        const doc = new DOMParser().parseFromString(html, "text/html");
        body.replaceChildren(...doc.body.childNodes);
        panel.hidden = false;
        panel.scrollTop = 0;
      })
      .catch(function () {
        window.location.href = link.href;
      });
  });
})();
