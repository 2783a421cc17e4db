// The problem page's "My submissions" panel: the user's submissions to this problem from
// the API, newest first, with their status and time; Load puts one's source back into the
// editor, Cancel withdraws one that is queued or being judged (POST .../cancel/).
import { describeStatus } from "./live.js";

// what people call a language: the page's language picker names each one (from the vocabulary)
const languageName = (lang) =>
  [...(document.querySelector("#language")?.options || [])].find((o) => o.value === lang)?.textContent || lang;
const FINAL = ["done", "cancelled"];

function cell(text, cls) {
  const td = document.createElement("td");
  if (cls) td.className = cls;
  if (text instanceof Node) td.append(text);
  else td.textContent = text;
  return td;
}

function button(label, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

function when(iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function time(ms) {
  if (typeof ms !== "number") return "–";
  return ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`;
}

export function mountMySubmissions(panel, { csrf, onLoad }) {
  const slug = panel.dataset.slug;
  const table = panel.querySelector("table");
  const tbody = table.querySelector("tbody");
  const empty = panel.querySelector("[data-empty]");
  let timer = null;

  async function cancel(sub, btn) {
    btn.disabled = true;
    const res = await fetch(`/api/v1/submissions/${sub.id}/cancel/`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
    }).catch(() => null);
    if (!res || !res.ok) {
      const body = res ? await res.json().catch(() => ({})) : {};
      empty.hidden = false;
      empty.textContent = body.error?.message || "Could not cancel the submission.";
    }
    refresh();
  }

  function render(rows) {
    tbody.replaceChildren();
    table.hidden = rows.length === 0;
    empty.hidden = rows.length !== 0;
    if (!rows.length) empty.textContent = "No submissions yet: Run or Submit to see them here.";
    for (const sub of rows) {
      const tr = document.createElement("tr");
      tr.dataset.submission = sub.id;
      const link = document.createElement("a");
      link.href = `/submissions/${sub.id}/`;
      link.textContent = `#${sub.id}`;
      const status = describeStatus(sub);
      const state = sub.status === "done" ? `verdict-${sub.verdict}` : `status-${sub.status}`;
      const actions = document.createElement("div");
      actions.className = "row-actions";
      if (typeof sub.source === "string") {
        actions.append(button("Load", "small-btn", () => onLoad(sub)));
      }
      if (!FINAL.includes(sub.status)) { // queued or being judged (a running one's result is discarded)
        const b = button("Cancel", "small-btn danger", () => cancel(sub, b));
        actions.append(b);
      }
      tr.append(cell(link), cell(when(sub.created_at)), cell(`${languageName(sub.language)} · ${sub.device}${sub.emulated ? " (CPU emulation)" : ""}`),
        cell(sub.mode === "run" ? "run" : "submit"), cell(status, `status ${state}`),
        cell(time(sub.score_ms)), cell(actions));
      tbody.append(tr);
    }
  }

  async function refresh() {
    clearTimeout(timer);
    try {
      const res = await fetch(`/api/v1/submissions/?problem=${encodeURIComponent(slug)}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.json();
      const rows = (body.results || []).slice(0, 20);
      render(rows);
      // keep following while something is still queued or being judged
      if (rows.some((s) => !FINAL.includes(s.status))) timer = setTimeout(refresh, 2000);
    } catch (err) {
      empty.hidden = false;
      empty.textContent = "Could not load your submissions.";
    }
  }

  refresh();
  return { refresh };
}
