"""The acceptance case: the seed page's 8 pipe tables, converted exactly as the seed patch did by hand."""

import difflib

from house_tables.convert import convert

from project_data import FIXTURES, SEED_PAGE

SEED = SEED_PAGE
EXPECTED = FIXTURES / "seed"


def _converted():
    """The seed page and its conversion."""
    original = SEED.read_text(encoding="utf-8")
    return original, convert(original, "mdx")


def test_seed_reports_8_tables_116_cells():
    """All 8 tables convert and every one of the 116 cells is verified."""
    _, conversion = _converted()
    assert conversion.summary() == "8 tables, 116 cells verified"
    assert [d.code for d in conversion.diagnostics if d.code != "HT001"] == []


def test_seed_diff_is_plus_288_minus_51_inside_the_tables_only():
    """Exactly the 51 pipe-table lines go, 288 JSX lines come, in tables of the expected sizes."""
    original, conversion = _converted()
    before, after = original.splitlines(keepends=True), conversion.text.splitlines(keepends=True)
    opcodes = difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
    changed = [(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in opcodes if tag != "equal"]
    assert sum(removed for removed, _ in changed) == 51
    assert sum(added for _, added in changed) == 288
    table_lines = {line for c in conversion.converted for line in range(c.table.start_line, c.table.end_line + 1)}
    removed_lines = {i + 1 for tag, i1, i2, _, _ in opcodes if tag != "equal" for i in range(i1, i2)}
    assert removed_lines == table_lines
    assert [c.lines for c in conversion.converted] == [34, 61, 36, 26, 30, 34, 26, 41]


def test_seed_tables_match_the_spec_written_by_hand():
    """The first (2 columns, 5 rows) and fourth (2 columns, 3 rows) tables, byte for byte."""
    _, conversion = _converted()
    lines = conversion.text.splitlines(keepends=True)
    starts = _new_table_starts(conversion)
    for index, name in ((0, "table1.mdx"), (3, "table4.mdx")):
        start, count = starts[index], conversion.converted[index].lines
        assert "".join(lines[start : start + count]) == (EXPECTED / name).read_text(encoding="utf-8")


def _new_table_starts(conversion) -> list[int]:
    """0-based line index where each converted table begins in the new text."""
    starts, shift = [], 0
    for item in conversion.converted:
        starts.append(item.table.start_line - 1 + shift)
        shift += item.lines - (item.table.end_line - item.table.start_line + 1)
    return starts


def test_second_run_changes_nothing():
    """Converting the converted page again is a no-op: no pipe tables remain."""
    _, conversion = _converted()
    again = convert(conversion.text, "mdx")
    assert again.text == conversion.text and again.converted == []
