// Admin change form: re-render the statement preview (server-side Markdown, KaTeX here)
// half a second after the author stops typing.
(function () {
  function boot() {
    var area = document.getElementById("id_statement");
    var preview = document.getElementById("kj-statement-preview");
    if (!area || !preview) return;
    var csrf = document.querySelector("input[name=csrfmiddlewaretoken]");
    var timer = null;
    function refresh() {
      var body = new URLSearchParams({ statement: area.value });
      fetch(preview.dataset.previewUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "X-CSRFToken": csrf ? csrf.value : "" },
        body: body,
      })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) {
          preview.innerHTML = html;
          if (window.kjRenderMath) window.kjRenderMath(preview);
        })
        .catch(function () {});
    }
    area.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(refresh, 500);
    });
    if (!preview.textContent.trim() && area.value.trim()) refresh();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
