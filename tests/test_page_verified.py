"""When all of a page's conversions together change the page, fix finds the tables that change it alone by halving
the set (convert._settled), not by one render of the page per table (which made fix quadratic in a page's tables:
35 renders of one 99 s page on tasmota's docs). Checked against the table-by-table search it replaced on synthetic
pages (which tables change the page, and how often it is rendered), and on a real site: the same HT009s, the same
tables converted, the built page unchanged, fewer renders than tables."""

import math
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from house_tables import convert

from sites import build_site, run_cli, unstyled, write_site


def _one_by_one(replacements: list, changes) -> tuple[list, list]:
    """The search _settled replaced: each table tried after those accepted before it."""
    accepted, refused = [], []
    for item in replacements:
        difference = changes([*accepted, item])
        if difference is None:
            accepted.append(item)
        else:
            refused.append((item[0], difference))
    return accepted, refused


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 64).flatmap(lambda n: st.tuples(st.just(n), st.sets(st.integers(0, n - 1), min_size=1))))
def test_halving_finds_the_tables_one_by_one_finds(case):
    """Tables each of which changes the page or not, whatever else is converted: the same tables refused, with the
    same differences, and the others accepted in order, in at most 2·k·log2(n) + 2 renders for k of n refused."""
    n, changing = case
    replacements = [(k, [f"line {k}"]) for k in range(n)]
    calls = []

    def changes(chosen):
        calls.append(len(chosen))
        found = [table for table, _ in chosen if table in changing]
        return f"table {found[0]} changes it" if found else None

    expected = _one_by_one(replacements, changes)
    calls.clear()
    accepted = []
    refused = convert._settled(replacements, changes(replacements), changes, accepted)
    assert (accepted, refused) == expected
    k = len(changing)
    assert len(calls) <= 2 * k * max(1, math.ceil(math.log2(n))) + 2


# Twelve pipe tables, the fifth inside a `<div markdown>`: md_in_html reads it before any block processor, so its
# house JSX table would not be rendered there (README's known limit) and the page would change.
PAGE = "# T\n\n" + "".join(
    (f'<div markdown="1">\n\n| a{k} | b |\n|---|---|\n| 1 | 2 |\n\n</div>\n\n' if k == 4 else
     f"## S{k}\n\n| a{k} | b |\n|---|---|\n| 1 | 2 |\n\n") for k in range(12))


def _fixed(root, one_by_one: bool) -> tuple[list[str], str, list[int]]:
    """fix on the site at root (halving, or the table-by-table search): its output, the page it wrote, and the size of
    each set of replacements the page was rendered with."""
    renders, page_change = [], convert._page_change

    def counting(*args, **kwargs):
        changes = page_change(*args, **kwargs)
        return lambda replacements: renders.append(len(replacements)) or changes(replacements)

    def settled_one_by_one(group, difference, changes, accepted):
        found, refused = _one_by_one(group, changes)
        accepted.extend(found)
        return refused

    with mock.patch.object(convert, "_page_change", counting), \
            mock.patch.object(convert, "_settled", settled_one_by_one if one_by_one else convert._settled):
        code, lines = run_cli(root, "fix", "docs")
    assert code == 1
    return lines, (root / "docs" / "index.md").read_text(encoding="utf-8"), renders


def test_a_page_of_many_tables_one_of_which_changes_it(tmp_path):
    """The same output and page as the table-by-table search, the built page as before, fewer renders."""
    sites = {}
    for name in ("halving", "one_by_one"):
        config = write_site(tmp_path / name, {"index.md": PAGE}, extensions=["md_in_html"], snippets=False)
        sites[name] = config
    before = build_site(sites["halving"], tmp_path / "before")
    halving, one_by_one = _fixed(tmp_path / "halving", False), _fixed(tmp_path / "one_by_one", True)
    assert halving[:2] == one_by_one[:2]
    assert halving[0][0] == "docs/index.md: 11 tables, 44 cells verified"
    assert sum(" HT009 the table is inside an HTML block md_in_html" in line for line in halving[0]) == 1
    assert len(halving[2]) < 12 < len(one_by_one[2]), (halving[2], one_by_one[2])  # one by one: 1 + 12
    after = build_site(sites["halving"], tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
