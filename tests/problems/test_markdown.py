"""Statements rendered to HTML: code shown as written (escaped once), raw HTML kept as text,
an example table's empty header row dropped."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from problems.markdown import render_markdown

CATALOG = Path(__file__).resolve().parents[2] / "problems" / "catalog"


def test_a_header_in_a_code_block_is_escaped_once():
    html = render_markdown("```c\n#include <cuda_fp16.h>\n```\n")
    assert "#include &lt;cuda_fp16.h&gt;" in html
    assert "&amp;lt;" not in html


def test_raw_html_in_a_statement_stays_text():
    html = render_markdown('<script>alert(1)</script>\n\nx <b onclick="y">b</b> & z\n')
    assert "<script" not in html and "<b" not in html
    assert "&lt;script&gt;" in html and "&amp; z" in html


def test_an_empty_table_header_row_is_dropped_and_a_real_one_kept():
    empty = render_markdown("| | |\n| --- | --- |\n| `A` | `[1, 2]` |\n")
    assert "<thead>" not in empty and "<td><code>A</code></td>" in empty
    named = render_markdown("| row | value |\n| --- | --- |\n| 0 | 1 |\n")
    assert "<th>row</th>" in named


@pytest.mark.parametrize(
    "statement", sorted(CATALOG.glob("*/statement.md")), ids=lambda p: p.parent.name
)
def test_no_catalog_statement_renders_a_double_escape_or_an_empty_header(statement):
    html = render_markdown(statement.read_text())
    assert "&amp;lt;" not in html and "&amp;gt;" not in html and "&amp;amp;" not in html
    assert not re.search(r"<thead>\s*<tr>\s*(<th>\s*</th>\s*)+</tr>", html)
