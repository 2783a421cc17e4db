"""Markdown to HTML for statements. Raw HTML in the source is shown as text, escaped once (by
Markdown's own serializer: `#include <cuda_fp16.h>` in a code block reads as written); a table
header row with only empty cells is dropped. Math ($...$, $$...$$, \\(...\\), \\[...\\]) is
cut out before Markdown runs (so `_` and `*` inside formulas are not read as emphasis) and put
back verbatim (HTML-escaped) for KaTeX to render in the browser."""

import html
import re

import markdown as md
from markdown.extensions import Extension

MATH = re.compile(r"\$\$.+?\$\$|\\\[.+?\\\]|\\\(.+?\\\)|(?<![\\$])\$(?!\s)[^$\n]+?(?<!\s)\$", re.S)
CODE = re.compile(r"```.*?```|`[^`\n]+`", re.S)
# A header row whose cells are all empty (`| | |` over a two-column example table).
EMPTY_HEAD = re.compile(r"<thead>\s*<tr>\s*(?:<th[^>]*>\s*</th>\s*)+</tr>\s*</thead>\s*")


class _RawHtmlAsText(Extension):
    """No raw HTML blocks or inline tags: they stay text, which the serializer escapes."""

    def extendMarkdown(self, md: md.Markdown) -> None:  # noqa: N802 (Markdown's name)
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")


def render_markdown(text: str, anchors: bool = False) -> str:
    """``anchors``: headings get ids from their text (``## CUDA on the CPU`` ->
    ``id="cuda-on-the-cpu"``), for pages that are linked to a section (the language guides)."""
    stash: list[str] = []

    def keep(match: re.Match) -> str:
        stash.append(match.group(0))
        return f"KJMATH{len(stash) - 1}X"

    # Code spans and blocks keep their dollars: split them out first, protect math elsewhere.
    parts, last = [], 0
    for code in CODE.finditer(text):
        parts.append(MATH.sub(keep, text[last : code.start()]))
        parts.append(code.group(0))
        last = code.end()
    parts.append(MATH.sub(keep, text[last:]))
    extensions = ["fenced_code", "tables", _RawHtmlAsText(), *(["toc"] if anchors else [])]
    rendered = md.markdown("".join(parts), extensions=extensions)
    rendered = EMPTY_HEAD.sub("", rendered)
    return re.sub(
        r"KJMATH(\d+)X", lambda m: html.escape(stash[int(m.group(1))], quote=False), rendered
    )
