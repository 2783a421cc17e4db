// A Copy button beside a read-only field (the new API token): the Clipboard API where the
// page is a secure context, else the field's selection and execCommand("copy").
(function () {
  function copy(button) {
    var field = document.getElementById(button.dataset.copy);
    var status = document.getElementById(button.dataset.copyStatus);
    if (!field) return;
    function said(text) { if (status) status.textContent = text; }
    function fallback() {
      field.focus();
      field.select();
      said(document.execCommand("copy") ? "Copied." : "Select the key and copy it (Ctrl+C).");
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(function () { said("Copied."); }, fallback);
    } else {
      fallback();
    }
  }
  function boot() {
    document.querySelectorAll("button[data-copy]").forEach(function (button) {
      button.addEventListener("click", function () { copy(button); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
})();
