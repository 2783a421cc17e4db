"""Markdown to HTML for statements. Raw HTML in the source is escaped. Math ($...$, $$...$$,
\\(...\\), \\[...\\]) is cut out before Markdown runs (so `_` and `*` inside formulas are not
read as emphasis) and put back verbatim (HTML-escaped) for KaTeX to render in the browser."""

import html
import re

import markdown as md

MATH = re.compile(r"\$\$.+?\$\$|\\\[.+?\\\]|\\\(.+?\\\)|(?<![\\$])\$(?!\s)[^$\n]+?(?<!\s)\$", re.S)
CODE = re.compile(r"```.*?```|`[^`\n]+`", re.S)


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
    rendered = md.markdown(
        html.escape("".join(parts), quote=False),
        extensions=["fenced_code", "tables", *(["toc"] if anchors else [])],
    )
    return re.sub(
        r"KJMATH(\d+)X", lambda m: html.escape(stash[int(m.group(1))], quote=False), rendered
    )
