"""Properties of `house-tables lsp` over random documents (tests/strategies.py): its diagnostics are
`house-tables check --format json`'s, its "convert all" edit is `house-tables fix`'s output, and its positions
convert to and from the protocol's UTF-16 units.

`make test` runs a few dozen documents per dialect through one server; HOUSE_TABLES_FUZZ scales them."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lsprotocol import types

from house_tables.lsp.positions import LineIndex
from house_tables.source import Source

from lsp_client import applied, as_check_prints, check_json, edits_of, fixed, offset, started, without_path, write
from strategies import documents

FUZZ = int(os.environ.get("HOUSE_TABLES_FUZZ", "0"))
EXAMPLES = max(40, FUZZ // 50)
CONVERSIONS = max(15, FUZZ // 200)  # each renders the page twice (fix and the server): fewer
CHECKS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
CONVERTS = settings(CHECKS, max_examples=CONVERSIONS)


def utf16(text: str) -> int:
    """UTF-16 code units of a text (what most editors count)."""
    return len(text.encode("utf-16-le")) // 2


@pytest.fixture(scope="module")
def editor():
    """One server for every example."""
    with started() as running:
        yield running


@pytest.mark.parametrize("suffix", [".md", ".mdx"])
@CHECKS
@given(text=documents())
def test_diagnostics_equal_checks_for_random_documents(editor, tmp_path, suffix, text):
    path = write(tmp_path / f"page{suffix}", text)
    with editor.opened(path, text) as diagnostics:
        assert as_check_prints(text, diagnostics) == without_path(check_json(path))


@pytest.mark.parametrize("suffix", [".md", ".mdx"])
@CONVERTS
@given(text=documents())
def test_convert_all_equals_fix_for_random_documents(editor, tmp_path, suffix, text):
    path = write(tmp_path / f"page{suffix}", text)
    with editor.opened(path, text):
        actions = editor.code_actions(path, 0, only=[types.CodeActionKind.SourceFixAll])
    expected = fixed(path, text)
    if expected == text:  # fix converts nothing: the server offers no conversion
        assert actions == []
    else:
        [convert_all] = actions
        assert applied(text, edits_of(convert_all, path.as_uri())) == expected


LINE_TEXT = st.text(st.sampled_from(["a", " ", "|", "é", "中", "👍", "\U0001d11e", "\t"]), max_size=12)


@settings(max_examples=300, deadline=None, database=None)
@given(lines=st.lists(LINE_TEXT, min_size=1, max_size=5), ending=st.sampled_from(["\n", "\r\n", "\r"]),
       bom=st.booleans(), data=st.data())
def test_positions_round_trip_through_utf16(lines, ending, bom, data):
    """A model position (line, code-point column) becomes the UTF-16 position of the same character, and back."""
    text = ("\ufeff" if bom else "") + ending.join(lines) + ending
    index = LineIndex(Source.parse(text), utf16)
    line = data.draw(st.integers(1, len(lines)))
    column = data.draw(st.integers(1, len(lines[line - 1]) + 1))
    position = index.before(line, column)
    at = offset(text, position)
    line_start = offset(text, types.Position(line - 1, 0))
    bom_units = 1 if bom and line == 1 else 0
    assert text[line_start + bom_units : at] == lines[line - 1][: column - 1]
    assert index.model(position) == (line, column)


def test_the_end_of_a_document_is_after_its_last_character():
    for text, end in [("a\n", types.Position(1, 0)), ("a👍", types.Position(0, 3)), ("", types.Position(0, 0)),
                      ("\ufeffx", types.Position(0, 2))]:
        assert LineIndex(Source.parse(text), utf16).end() == end
        assert offset(text, end) == len(text)
