"""Markdown to HTML for statements (raw HTML in the source is escaped; math is left for the
client-side renderer as $...$ text)."""

import html

import markdown as md


def render_markdown(text: str) -> str:
    return md.markdown(html.escape(text, quote=False), extensions=["fenced_code", "tables"])
