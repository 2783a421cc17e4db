// KernelJudge's browser code: math in statements, the editor workbench on problem pages,
// live status on submission pages. Everything else is server-rendered HTML.
import "katex/dist/katex.min.css";
import renderMathInElement from "katex/contrib/auto-render";
import { mountWorkbench } from "./workbench.js";
import { watchSubmissionPage } from "./live.js";
import { mountTabs } from "./tabs.js";

function renderMath(root) {
  const targets = root ? [root] : document.querySelectorAll("[data-math]");
  for (const el of targets) {
    renderMathInElement(el, {
      delimiters: [
        { left: "$$", right: "$$", display: true },
        { left: "\\[", right: "\\]", display: true },
        { left: "$", right: "$", display: false },
        { left: "\\(", right: "\\)", display: false },
      ],
      throwOnError: false,
    });
  }
}

window.kjRenderMath = renderMath; // the admin's live statement preview uses it

function boot() {
  renderMath();
  const bench = document.getElementById("kj-workbench");
  if (bench) mountWorkbench(bench);
  const layout = document.getElementById("problem-layout");
  if (layout) {
    const show = mountTabs(layout, () => {
      if (window.kjEditor) window.kjEditor.requestMeasure();
    });
    document.addEventListener("kj:show-editor", () => show && show("editor"));
  }
  const live = document.querySelector("[data-live-submission]");
  if (live) watchSubmissionPage(live);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
else boot();
