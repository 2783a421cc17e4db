// The editor follows the page's colour scheme (prefers-color-scheme): a dark theme and a
// dark highlight style when the system asks for dark, CodeMirror's defaults otherwise.
import { EditorView } from "@codemirror/view";
import { Compartment } from "@codemirror/state";
import { HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { tags as t } from "@lezer/highlight";

const darkTheme = EditorView.theme({
  "&": { color: "#e6edf3", backgroundColor: "#0d1117" },
  ".cm-content": { caretColor: "#e6edf3" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "#e6edf3" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection": { backgroundColor: "#264f78" },
  ".cm-gutters": { backgroundColor: "#161b22", color: "#8b949e", borderRight: "1px solid #30363d" },
  ".cm-activeLine": { backgroundColor: "#161b2280" },
  ".cm-activeLineGutter": { backgroundColor: "#1f2630" },
  ".cm-matchingBracket": { backgroundColor: "#3a4250", outline: "1px solid #57606a" },
  ".cm-tooltip": { backgroundColor: "#161b22", color: "#e6edf3", border: "1px solid #30363d" },
  ".cm-panels": { backgroundColor: "#161b22", color: "#e6edf3" },
  ".cm-searchMatch": { backgroundColor: "#9e6a0340" },
}, { dark: true });

const darkHighlight = HighlightStyle.define([
  { tag: [t.keyword, t.controlKeyword, t.moduleKeyword, t.operatorKeyword], color: "#ff7b72" },
  { tag: [t.definitionKeyword, t.modifier], color: "#ff7b72" },
  { tag: [t.string, t.special(t.string)], color: "#a5d6ff" },
  { tag: [t.number, t.bool, t.null, t.atom], color: "#79c0ff" },
  { tag: [t.comment, t.lineComment, t.blockComment], color: "#8b949e", fontStyle: "italic" },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: "#d2a8ff" },
  { tag: [t.definition(t.variableName), t.definition(t.propertyName)], color: "#ffa657" },
  { tag: [t.typeName, t.className, t.namespace], color: "#ffa657" },
  { tag: [t.propertyName, t.attributeName], color: "#79c0ff" },
  { tag: [t.processingInstruction, t.meta], color: "#ff7b72" },
  { tag: t.invalid, color: "#f85149" },
]);

const dark = [darkTheme, syntaxHighlighting(darkHighlight)];
const query = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

export function prefersDark() {
  return !!(query && query.matches);
}

// An extension that is the dark theme while the system prefers dark, and follows changes.
export function followColorScheme(getView) {
  const compartment = new Compartment();
  if (query) {
    const onChange = () => {
      const view = getView();
      if (view) view.dispatch({ effects: compartment.reconfigure(prefersDark() ? dark : []) });
    };
    if (query.addEventListener) query.addEventListener("change", onChange);
    else if (query.addListener) query.addListener(onChange);
  }
  return compartment.of(prefersDark() ? dark : []);
}
