// The problem page's workbench: a CodeMirror 6 editor with per-language highlighting,
// a draft per problem and language in localStorage, Run / Submit and live judging status.
import { EditorView, basicSetup } from "codemirror";
import { EditorState, Compartment, Prec } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { indentWithTab } from "@codemirror/commands";
import { cpp } from "@codemirror/lang-cpp";
import { python } from "@codemirror/lang-python";
import { describeStatus, watchSubmission, VERDICTS } from "./live.js";
import { followColorScheme } from "./theme.js";
import { lintExtensions, showDiagnostics, clearDiagnostics } from "./diagnostics.js";
import { mountMySubmissions } from "./mysubmissions.js";

const languageSupport = (lang) => (lang === "cuda" ? cpp() : python());

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function fmt(x) {
  if (typeof x !== "number") return String(x);
  if (Number.isInteger(x)) return String(x);
  return Number(x.toPrecision(7)).toString();
}

function sizesText(sizes) {
  return Object.entries(sizes || {}).map(([k, v]) => `${k}=${v}`).join(", ");
}

function flatten(v) {
  return Array.isArray(v) ? v.flatMap(flatten) : [v];
}

function renderDiff(name, preview) {
  const got = flatten(preview.got);
  const exp = flatten(preview.expected);
  const table = el("table", { class: "diff" },
    el("caption", {}, `Output ${name}: your values against the expected ones`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "index"),
      el("th", { scope: "col" }, "yours"), el("th", { scope: "col" }, "expected"))));
  const body = el("tbody");
  for (let i = 0; i < Math.max(got.length, exp.length); i++) {
    const same = got[i] === exp[i];
    body.append(el("tr", { class: same ? "" : "mismatch" },
      el("td", {}, i), el("td", {}, fmt(got[i])), el("td", {}, fmt(exp[i]))));
  }
  table.append(body);
  return table;
}

export function renderRunResult(container, sub) {
  container.replaceChildren();
  const result = sub.result || {};
  const verdict = VERDICTS[sub.verdict] || sub.verdict;
  container.append(el("p", { class: `verdict verdict-${sub.verdict}` }, el("strong", {}, verdict), " — ",
    sub.message || result.message || ""));
  if (sub.emulated) {
    container.append(el("p", { class: "emulation-label", "data-emulation": "" }, el("strong", {}, "CPU emulation"),
      " — judged on the CPU through KernelJudge's CUDA emulation: verdicts as on a GPU; times are the emulation's, not a GPU's, and rank on no leaderboard."));
  }
  const located = (sub.diagnostics || []).filter((d) => d.severity === "error");
  if (located.length) {
    const list = el("ul", { class: "where" });
    for (const d of located.slice(0, 5)) {
      list.append(el("li", {}, el("a", { href: "#", "data-line": d.line }, `Line ${d.line}${d.column ? `:${d.column}` : ""}`),
        `: ${d.message}`, d.source_line ? el("pre", { class: "source-line" }, d.source_line) : ""));
    }
    container.append(el("div", { class: "error-location" }, el("strong", {}, "In your code"), list));
  }
  if (result.compile_log) {
    container.append(el("details", { open: "" }, el("summary", {}, "Compiler output"),
      el("pre", { class: "log" }, result.compile_log)));
  }
  const tests = (result.tests || []).filter((t) => sub.mode !== "run" || t.public);
  if (tests.length) {
    const table = el("table", { class: "tests" },
      el("caption", {}, sub.mode === "run" ? "Public tests" : "Tests"),
      el("thead", {}, el("tr", {}, ...["#", "test", "sizes", "result", "max abs err", "details"]
        .map((h) => el("th", { scope: "col" }, h)))));
    const body = el("tbody");
    tests.forEach((t, i) => {
      body.append(el("tr", { class: t.passed ? "pass" : "fail" },
        el("td", {}, i + 1), el("td", {}, t.name), el("td", {}, sizesText(t.sizes)),
        el("td", {}, t.passed ? "✓ passed" : "✗ failed"), el("td", {}, fmt(t.max_abs_err ?? "")),
        el("td", {}, t.message || "")));
    });
    table.append(body);
    container.append(table);
    tests.forEach((t) => {
      for (const [name, preview] of Object.entries(t.output_preview || {})) {
        const box = el("details", t.passed ? {} : { open: "" },
          el("summary", {}, `${t.name}: output ${name} (${t.passed ? "matches" : "differs"})`));
        box.append(renderDiff(name, preview));
        container.append(box);
      }
    });
  }
  if (result.stdout) container.append(el("details", {}, el("summary", {}, "Your stdout"), el("pre", { class: "log" }, result.stdout)));
  if (result.stderr) container.append(el("details", {}, el("summary", {}, "Your stderr"), el("pre", { class: "log" }, result.stderr)));
  container.append(el("p", {}, el("a", { href: `/submissions/${sub.id}/` }, `Full report for submission #${sub.id}`)));
}

export function mountWorkbench(root) {
  const slug = root.dataset.slug;
  const starters = JSON.parse(document.getElementById("kj-starters").textContent);
  const cpuLanguages = (root.dataset.cpuLanguages || "").split(",").filter(Boolean);
  const emulatedLanguages = (root.dataset.emulatedLanguages || "").split(",").filter(Boolean);
  const langSelect = root.querySelector("#language");
  const deviceSelect = root.querySelector("#device");
  const textarea = root.querySelector("#source");
  const runBtn = root.querySelector("#run-btn");
  const submitBtn = root.querySelector("#submit-btn");
  const resetBtn = root.querySelector("#reset-btn");
  const statusEl = root.querySelector("#judge-status");
  const resultsEl = root.querySelector("#judge-results");
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]")?.value || "";
  const authenticated = root.dataset.authenticated === "1";
  const gpuDevices = (root.dataset.gpuDevices || "").split(",").filter(Boolean);
  const gpuNote = root.querySelector("#gpu-note");
  const emulationNote = root.querySelector("#emulation-note");
  const languageLabel = (lang) => [...langSelect.options].find((o) => o.value === lang)?.textContent || lang;

  const draftKey = (lang) => `kj-draft:${slug}:${lang}`;
  const load = (lang) => {
    try {
      const saved = localStorage.getItem(draftKey(lang));
      if (saved !== null) return saved;
    } catch (err) { /* storage unavailable */ }
    return starters[lang] || "";
  };
  let currentLang = langSelect.value;
  let saveTimer = null;
  const saveDraft = () => {
    try { localStorage.setItem(draftKey(currentLang), view.state.doc.toString()); } catch (err) { /* ignore */ }
  };

  const language = new Compartment();
  const runShortcut = Prec.highest(keymap.of([
    { key: "Mod-Enter", run: () => { start("run"); return true; } },
  ]));
  const view = new EditorView({
    state: EditorState.create({
      doc: load(currentLang),
      extensions: [
        runShortcut,
        basicSetup,
        followColorScheme(() => view),
        lintExtensions(),
        keymap.of([indentWithTab]),
        language.of(languageSupport(currentLang)),
        EditorView.contentAttributes.of({ "aria-label": "Solution source code", "aria-describedby": "editor-help" }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          textarea.value = u.state.doc.toString();
          clearTimeout(saveTimer);
          saveTimer = setTimeout(saveDraft, 250);
        }),
      ],
    }),
  });
  window.addEventListener("pagehide", () => { clearTimeout(saveTimer); saveDraft(); });
  textarea.value = view.state.doc.toString();
  textarea.hidden = true;
  textarea.setAttribute("aria-hidden", "true");
  textarea.after(view.dom);
  root.classList.add("has-editor");
  window.kjEditor = view; // for the browser tests and the curious

  let busy = false;
  const setDoc = (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });

  // Every language's starter can be read and edited; the GPU-only ones (CUDA, CuPy) say
  // that they run on GPU workers, and Run / Submit wait for a GPU device.
  let gpuBlocked = false;
  const syncLanguagesForDevice = () => {
    const gpuOnly = !cpuLanguages.includes(currentLang);
    gpuBlocked = gpuOnly && deviceSelect.value === "cpu";
    gpuNote.hidden = !gpuOnly;
    if (emulationNote) {
      emulationNote.hidden = !(emulatedLanguages.includes(currentLang) && deviceSelect.value === "cpu");
    }
    gpuNote.querySelector("[data-language-name]").textContent = languageLabel(currentLang);
    gpuNote.querySelector("[data-gpu-detail]").textContent = gpuDevices.length
      ? (gpuBlocked ? "Pick a GPU device to run it." : `It runs on ${deviceSelect.value}.`)
      : "This site has no GPU worker online: you can read and edit the starter here, and run it where a GPU worker is connected.";
    for (const b of [runBtn, submitBtn]) {
      b.disabled = gpuBlocked || busy;
      if (gpuBlocked) b.title = `${languageLabel(currentLang)} runs on GPU workers`;
      else b.removeAttribute("title");
    }
  };
  const onLanguage = () => {
    clearTimeout(saveTimer);
    saveDraft();
    currentLang = langSelect.value;
    clearDiagnostics(view);
    if (!cpuLanguages.includes(currentLang) && deviceSelect.value === "cpu" && gpuDevices.length) {
      deviceSelect.value = gpuDevices[0];
    }
    syncLanguagesForDevice();
    view.dispatch({ effects: language.reconfigure(languageSupport(currentLang)) });
    setDoc(load(currentLang));
    try { localStorage.setItem(`kj-lang:${slug}`, currentLang); } catch (err) { /* ignore */ }
  };
  langSelect.addEventListener("change", onLanguage);
  deviceSelect.addEventListener("change", syncLanguagesForDevice);
  resetBtn.addEventListener("click", () => {
    if (window.confirm("Replace your code with the starter for this language?")) {
      setDoc(starters[currentLang] || "");
      view.focus();
    }
  });
  try {
    const remembered = localStorage.getItem(`kj-lang:${slug}`);
    if (remembered && remembered !== currentLang && [...langSelect.options].some((o) => o.value === remembered)) {
      langSelect.value = remembered;
      onLanguage();
    }
  } catch (err) { /* ignore */ }
  syncLanguagesForDevice();

  const setStatus = (text, state) => {
    statusEl.textContent = text;
    statusEl.dataset.state = state || "";
  };
  async function start(mode) {
    if (busy) return;
    if (!authenticated) {
      setStatus("Log in to run or submit code.", "error");
      return;
    }
    if (gpuBlocked) {
      setStatus(`${languageLabel(currentLang)} runs on GPU workers: pick a GPU device.`, "error");
      return;
    }
    busy = true;
    runBtn.disabled = submitBtn.disabled = true;
    resultsEl.replaceChildren();
    clearDiagnostics(view);
    setStatus(mode === "run" ? "Sending to run on the public tests…" : "Submitting…", "pending");
    try {
      const res = await fetch("/api/v1/submissions/", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf, Accept: "application/json" },
        body: JSON.stringify({ problem: slug, language: currentLang, device: deviceSelect.value, mode, source: view.state.doc.toString() }),
      });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) {
        const message = body.error?.message || `The server answered ${res.status}.`;
        setStatus(message, "error");
        return;
      }
      if (mine) mine.refresh();
      const link = el("a", { href: `/submissions/${body.id}/` }, "open the report");
      const final = await watchSubmission(body.id, (sub) => {
        setStatus(`${mode === "run" ? "Run" : "Submission"} #${body.id}: ${describeStatus(sub)}`, "pending");
      });
      setStatus(`${mode === "run" ? "Run" : "Submission"} #${body.id}: ${describeStatus(final)}`,
        final.verdict === "accepted" ? "accepted" : "rejected");
      statusEl.append(" ", link);
      renderRunResult(resultsEl, final);
      showDiagnostics(view, final.diagnostics);
      if (mine) mine.refresh();
    } catch (err) {
      setStatus(`Something went wrong: ${err.message}`, "error");
    } finally {
      busy = false;
      syncLanguagesForDevice();
    }
  }
  resultsEl.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-line]");
    if (!a) return;
    e.preventDefault();
    const n = Number(a.dataset.line);
    if (n >= 1 && n <= view.state.doc.lines) {
      const line = view.state.doc.line(n);
      view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
      view.focus();
    }
  });

  const panel = document.getElementById("my-submissions");
  const mine = panel ? mountMySubmissions(panel, {
    csrf,
    onLoad: (sub) => {
      if (sub.language !== currentLang && [...langSelect.options].some((o) => o.value === sub.language)) {
        langSelect.value = sub.language;
        onLanguage();
      }
      setDoc(sub.source);
      if (sub.status === "done") showDiagnostics(view, sub.diagnostics);
      if (sub.device && [...deviceSelect.options].some((o) => o.value === sub.device)) {
        deviceSelect.value = sub.device;
        syncLanguagesForDevice();
      }
      setStatus(`Loaded submission #${sub.id} into the editor.`, "");
      document.dispatchEvent(new CustomEvent("kj:show-editor"));
      view.focus();
    },
  }) : null;
  window.kjShowDiagnostics = (d) => showDiagnostics(view, d); // for the curious
  runBtn.addEventListener("click", () => start("run"));
  submitBtn.addEventListener("click", () => start("submit"));
  root.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") { e.preventDefault(); start("run"); }
  });
}
