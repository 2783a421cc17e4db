// Compile errors and runtime errors marked in the editor: the API's `diagnostics` (lines of
// the user's file, parsed on the server from the compiler output and the traceback) become
// CodeMirror lint diagnostics (underlined ranges, gutter markers, hover messages).
import { setDiagnostics, lintGutter } from "@codemirror/lint";

export const lintExtensions = () => [lintGutter()];

export function showDiagnostics(view, diagnostics) {
  const doc = view.state.doc;
  const marks = [];
  for (const d of diagnostics || []) {
    if (!(d.line >= 1 && d.line <= doc.lines)) continue;
    const line = doc.line(d.line);
    const from = Math.min(line.from + Math.max(0, (d.column || 1) - 1), line.to);
    const to = line.to > from ? line.to : Math.min(from + 1, doc.length);
    marks.push({
      from,
      to,
      severity: d.severity === "warning" ? "warning" : d.severity === "error" ? "error" : "info",
      message: `Line ${d.line}${d.column ? `:${d.column}` : ""}: ${d.message}`,
      source: "judge",
    });
  }
  view.dispatch(setDiagnostics(view.state, marks));
  return marks.length;
}

export function clearDiagnostics(view) {
  view.dispatch(setDiagnostics(view.state, []));
}
