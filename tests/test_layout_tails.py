"""The whitespace between a house table's tags is off the tree while Python-Markdown's inline step runs
(extension.LayoutTails): that step looks every element with a tail up among its siblings, quadratic in a table's
rows. The build must show exactly what it showed with the tails on the tree throughout."""

import os
import tempfile
from pathlib import Path
from unittest import mock

import markdown
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown.treeprocessors import InlineProcessor

from house_tables import extension
from house_tables.extension import HouseTablesExtension
from house_tables.parsing.pymd import MKDOCS_EXTENSION_CONFIGS, MKDOCS_EXTENSIONS

from sites import build_site, write_site
from strategies import HOUSE_TABLE_EXAMPLE, documents

EXAMPLES = max(150, int(os.environ.get("HOUSE_TABLES_FUZZ", "150")) // 8)
CONFIGS = {**MKDOCS_EXTENSION_CONFIGS, "pymdownx.highlight": {"use_pygments": False}}
ROW = ('    <tr>\n      <td style={{padding: "9px"}}>{k} <b>x</b> <i>y</i>[^n]</td>\n'
       '      <td style={{padding: "9px"}}><code>c{k}</code> [l](page.md) *z*</td>\n    </tr>\n')
# A house table of many rows: cells with inline tags apart by a space (a tail that is text), a footnote reference,
# a link MkDocs resolves; a text of Markdown syntax kept as text.
PAGE = ('# Page\n\n<table style={{width: "100%"}}>\n  <colgroup>\n    <col style={{width: "50%"}} />\n'
        '    <col style={{width: "50%"}} />\n  </colgroup>\n  <tbody>\n'
        + "".join(ROW.replace("{k}", str(k)) for k in range(40))
        + "  </tbody>\n</table>\n\nText [^n].\n\n[^n]: A note.\n")


def _tails_seen_by_inline(tree) -> list[str]:
    """The whitespace tails inside the tables of a tree (what the inline step would look up)."""
    return [element.tail for table in tree.iter("table") for element in table.iter()
            if element is not table and element.tail and not element.tail.strip()]


def _build(root: Path, name: str, seen: list):
    """The site built, noting what the inline step saw of the house table's tails."""
    run = InlineProcessor.run

    def spying(self, tree, *args, **kwargs):
        seen.extend(_tails_seen_by_inline(tree))
        return run(self, tree, *args, **kwargs)

    with mock.patch.object(InlineProcessor, "run", spying):
        return build_site(root / "mkdocs.yml", root / name)


def test_the_inline_step_sees_no_layout_and_the_build_is_the_same():
    """A built page with a 40-row house table: the inline step meets none of the table's whitespace tails, and the
    page, its log and its search index are what the build gives with the tails on the tree throughout."""
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        write_site(root, {"index.md": PAGE, "page.md": "# Other\n"})
        seen_now: list = []
        now = _build(root, "now", seen_now)
        seen_before: list = []
        with mock.patch.object(extension.LayoutTails, "take_off", lambda self: None):
            before = _build(root, "before", seen_before)
    assert seen_before, "the house table's rows have whitespace tails (what this test is about)"
    assert seen_now == []
    assert now.pages == before.pages
    assert now.log == before.log
    assert now.search == before.search
    assert "<td" in now.pages["index.html"]


def _render(text: str, *, tails_off: bool) -> str:
    house = HouseTablesExtension()
    house.settings.sink = lambda level, message: None
    md = markdown.Markdown(extensions=[*MKDOCS_EXTENSIONS, house], extension_configs=CONFIGS)
    if tails_off:
        return md.convert(text)
    with mock.patch.object(extension.LayoutTails, "take_off", lambda self: None):
        return md.convert(text)


@settings(max_examples=EXAMPLES, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(documents(), st.integers(0, 2), st.sampled_from(["", "  ", "> ", "    "]))
def test_documents_with_house_tables_render_the_same(text, tables, indent):
    """Random documents with house tables (before, inside a quote or indented, after): the same HTML with the tails
    taken off for the inline step as with them on."""
    table = "\n".join(indent + line for line in HOUSE_TABLE_EXAMPLE.split("\n"))
    text = "\n\n".join([table] * tables + [text, table, PAGE])
    assert _render(text, tails_off=True) == _render(text, tails_off=False)
