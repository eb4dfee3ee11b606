"""Property: the `house_tables` extension changes nothing on a page but the style of its tables, and reports
every table exactly where the stand-alone scanner finds it.

Random documents (tables, containers, ordinary blocks) are rendered by Python-Markdown with the MkDocs stack
twice, without and with the extension. Once styles and colgroups are removed, the two pages must be equal
(cells, text, inline markup, every other block). `make fuzz` raises the number of examples.
"""

import os
import re

import markdown
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings

from house_tables.extension import HouseTablesExtension
from house_tables.parsing import scan
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS

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
def test_extension_reports_tables_where_the_scanner_finds_them(text):
    """Each HT001 is at a table the scanner finds, and every table the scanner finds is reported once."""
    html, findings = render(text, house=True)
    reported = sorted((int(m[1]), int(m[2])) for m in map(_FINDING.match, findings) if m and m[3] == "HT001")
    result = scan(text, "python-markdown", configs=CONFIGS)
    expected = sorted((t.span.start.line, t.span.start.column) for t in result.tables)
    assert reported == expected
    styled = BeautifulSoup(html, "html.parser").find_all("table", style=re.compile("border-collapse"))
    refused = sum(1 for f in findings if " HT010 " in f or " HT008 " in f)
    assert len(styled) == len(expected) - refused
