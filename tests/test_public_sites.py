"""Stacks found on public documentation sites (measured in /work/notes/pubdocs.md), reduced to the few lines
that made check, fix or the build go wrong: each built for real and checked from the command line."""

from sites import build_site, check_site, run_cli, unstyled, write_site

# facelessuser/pymdown-extensions' own docs: superfences with preserve_tabs, a fence before a pipe table.
PRESERVE_TABS = [{"pymdownx.superfences": {"preserve_tabs": True}}]
FENCE_THEN_TABLE = "# T\n\n```py3\nx = 1\n```\n\nA | B\n--- | ---\n`a` | b\n"
HT001 = "docs/index.md:7:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables"


def test_preserve_tabs_fences_do_not_hide_the_tables_after_them(tmp_path):
    """superfences' preserve_tabs pre-pass swaps fences for placeholders before its main pass gives them back:
    the table after a fence is found at its line by the build and by check (it was HT014 at 1:1, never
    converted), fix converts it, and the fixed page shows the same cells."""
    config = write_site(tmp_path / "site", {"index.md": FENCE_THEN_TABLE}, extensions=PRESERVE_TABS,
                        snippets=False)
    build = build_site(config, tmp_path / "out")
    assert build.findings() == [f"house_tables: {HT001}"]
    summary = "1 finding (1 pipe table) in 1 file; configuration: mkdocs.yml"
    assert check_site(tmp_path / "site") == (1, [HT001, summary])
    code, _ = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 0
    fixed = build_site(config, tmp_path / "fixed")
    assert fixed.findings() == []
    assert unstyled(fixed.pages["index.html"]) == unstyled(build.pages["index.html"])


# pymdown-extensions' docs: a header of `&nbsp;` cells (index.md) and `#!html &nbsp;` in a cell (escapeall.md).
NBSP_HEADER = "# T\n\n&nbsp; | Extensions | &#160;\n--- | --- | ---\na | b | c\n"
ESCAPED = "# E\n\nA | B | C\n--- | --- | ---\n`&nbsp;` a | &amp;nbsp; b &amp;#160; | [&amp;copy;](#e \"&amp;nbsp;\")\n"


def test_no_break_spaces_and_escaped_references_are_kept(tmp_path):
    """A cell that is only a no-break space keeps it (str.strip() took it: the cell came out empty, and the check
    compared cells stripped the same way); text that shows `&nbsp;` literally (escaped, or in code) still shows
    it once converted (the house table's text was serialized as a reference: a no-break space, an empty code)."""
    pages = {"index.md": NBSP_HEADER, "escaped.md": ESCAPED}
    config = write_site(tmp_path / "site", pages, snippets=False)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert (code, lines[-1]) == (0, "2 files fixed (2 tables, 12 cells verified), 0 unchanged; no findings left in "
                                    "2 files; configuration: mkdocs.yml")
    after = build_site(config, tmp_path / "after")
    for page in ("index.html", "escaped/index.html"):
        assert unstyled(after.pages[page]) == unstyled(before.pages[page])
    assert after.search == before.search
