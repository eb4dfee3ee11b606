"""Property: the `house_tables` extension changes nothing on a page but the style of its tables, and reports
exactly the findings the stand-alone scanner and plan give, at the same places.

Random documents (tables, containers, ordinary blocks) are rendered by Python-Markdown with the MkDocs stack
twice, without and with the extension. Once styles and colgroups are removed, the two pages must be equal
(cells, text, inline markup, every other block). `make fuzz` raises the number of examples.
"""

import os
import re

import markdown
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.config import Style
from house_tables.extension import HouseTablesExtension
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS
from house_tables.plan import planned_diagnostics
from house_tables.rendering.layout import Grid, assembled_styles, table_styles

from strategies import documents

EXAMPLES = max(300, int(os.environ.get("HOUSE_TABLES_FUZZ", "300")) // 4)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CONFIGS = {**MKDOCS_EXTENSION_CONFIGS, "pymdownx.highlight": {"use_pygments": False}}
_FINDING = re.compile(r"^<markdown>:(\d+):(\d+): (HT\d{3}) ")


def render(text: str, *, house: bool) -> tuple[str, list[str]]:
    """The page's HTML and the findings the extension logged (none without it)."""
    findings: list[str] = []
    extensions: list = list(MKDOCS_EXTENSIONS)
    if house:
        extension = HouseTablesExtension()
        extension.settings.sink = lambda level, message: findings.append(message)
        extensions.append(extension)
    return markdown.Markdown(extensions=extensions, extension_configs=CONFIGS).convert(text), findings


def unstyled(html: str) -> str:
    """The page without colgroups and table styles (what the house style adds), whitespace between tags collapsed."""
    soup = BeautifulSoup(html, "html.parser")
    for group in soup.find_all("colgroup"):
        group.decompose()
    for element in soup.find_all(["table", "tr", "th", "td"]):
        element.attrs.pop("style", None)
    return re.sub(r">\s+<", "><", str(soup))


@SETTINGS
@given(documents())
def test_extension_changes_only_table_styles(text):
    """Without styles and colgroups, the page with the extension is the page without it."""
    before, _ = render(text, house=False)
    after, _ = render(text, house=True)
    assert unstyled(after) == unstyled(before)


@SETTINGS
@given(documents())
def test_extension_reports_what_the_scanner_and_plan_find(text):
    """Every finding (code, line, column) the extension logs is one the stand-alone scan and plan give, and
    vice versa (its rows make their cells lazily; the scan's eagerly); every table not refused is styled."""
    html, findings = render(text, house=True)
    reported = sorted((int(m[1]), int(m[2]), m[3]) for m in map(_FINDING.match, findings) if m)
    assert len(reported) == len(findings), findings
    tables, diagnostics = planned_diagnostics(text, "python-markdown", configs=CONFIGS)
    expected = sorted((d.span.start.line, d.span.start.column, d.code) for d in diagnostics)
    assert reported == expected
    styled = BeautifulSoup(html, "html.parser").find_all("table", style=re.compile("border-collapse"))
    refused = sum(1 for _, _, code in reported if code in ("HT008", "HT010"))
    assert len(styled) == len(tables) - refused


_ALIGN = st.lists(st.sampled_from([None, "left", "center", "right"]), min_size=1, max_size=6)


@given(_ALIGN, st.data(), st.sampled_from([Style(), Style(styled=False), Style(first_column_weight=None,
                                                                                 header_nowrap=False)]))
def test_styles_assembled_from_kept_parts_are_the_table_styles(align, data, style):
    """The build styles a table from parts kept between its tables (layout.assembled_styles): the same styles as
    table_styles of the whole grid, whatever tables came before."""
    kept: dict = {}
    for _ in range(3):
        widths = tuple(data.draw(st.lists(st.integers(1, 100), min_size=len(align), max_size=len(align))))
        assert assembled_styles(tuple(align), widths, style, kept) == table_styles(Grid(tuple(align), (), (), widths),
                                                                                    style)
        align = data.draw(_ALIGN)
