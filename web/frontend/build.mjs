// Bundles src/main.js (CodeMirror 6 editor, KaTeX math, live judging status) into
// web/static/dist/ (app.js, app.css, fonts/). Deterministic: same lockfile, same output.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { rmSync } from "node:fs";

const outdir = new URL("../static/dist/", import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });

// KaTeX's CSS lists woff2, woff and ttf for every font; every browser we support reads
// woff2, so drop the other two (keeps the bundle about 1 MB smaller).
const katexWoff2Only = {
  name: "katex-woff2-only",
  setup(b) {
    b.onLoad({ filter: /katex(\.min)?\.css$/ }, async (args) => {
      let css = await readFile(args.path, "utf8");
      css = css.replace(/,\s*url\([^)]*\.woff\)\s*format\("woff"\)/g, "");
      css = css.replace(/,\s*url\([^)]*\.ttf\)\s*format\("truetype"\)/g, "");
      return { contents: css, loader: "css" };
    });
  },
};

await build({
  entryPoints: { app: "src/main.js" },
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outdir,
  assetNames: "fonts/[name]-[hash]",
  loader: { ".woff2": "file", ".woff": "file", ".ttf": "file" },
  plugins: [katexWoff2Only],
  legalComments: "linked",
  logLevel: "info",
});
