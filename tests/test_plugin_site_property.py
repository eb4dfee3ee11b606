"""Property over generated MkDocs sites: `mkdocs build` with the plugin equals the build without it, except the
styles and colgroups of pipe tables, and every pipe table of the build without it is styled and reported once.

Pages mix pipe tables, containers, raw HTML tables, code examples (fences with options, indented code) that show
tables, HTML, house JSX tables and snippets, snippets of random length under a real `snippets/` directory, and
links between pages. Each example is two real in-process builds; `make fuzz` raises the number of examples.
"""

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from sites import build_both, build_site, check_site, run_cli, search_texts, unstyled, write_site
from strategies import site_page, snippet_files

EXAMPLES = max(40, int(os.environ.get("HOUSE_TABLES_FUZZ", "40")) // 50)
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _pipe_tables(build, page: str) -> int:
    """Tables Python-Markdown built from pipes (a thead; not Pygments' line-number tables, not raw HTML)."""
    return sum(1 for t in build.main(page).find_all("table")
               if t.find("thead") is not None and "highlighttable" not in (t.get("class") or ()))


def _live_house_table(build, page: str) -> bool:
    """A JSX house table outside code in the plain build: HTML parsers read `style={{...}}` as odd attributes, or
    (inside a container, where Python-Markdown reads the lines as a paragraph) its opening tag shows as text."""
    main = build.main(page)
    if any("{" in name or "}" in name for t in main.find_all("table") for name in t.attrs):
        return True
    return any("<table" in text and "={" in text and text.find_parent(["pre", "code"]) is None
               for text in main.find_all(string=True))


@SETTINGS
@given(site_page(), site_page(), snippet_files(), st.sampled_from(["mkdocs", "material"]), st.booleans())
def test_the_plugin_changes_only_pipe_table_styles_and_reports_every_table(index, sub, files, theme, directory_urls):
    """Whole sites: pages, link warnings and search index equal once pipe-table styles are removed; every pipe
    table of the plain build is reported (HT001) and styled unless refused (HT010)."""
    pages = {"index.md": index, "sub/page.md": sub.replace("# Page", "# Sub\n\n## Anchor", 1)}
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        without, with_plugin = build_both(root, pages, files={**files, "docs/img/x.png": "png"}, theme=theme,
                                          use_directory_urls=directory_urls)
    names = ("index.html", "sub/page/index.html" if directory_urls else "sub/page.html")
    # A generated page can break its own code block (an unclosed fence in a list ends it early); a house JSX
    # example then is live HTML in the plain build, and rendering it is the plugin's job, not a change.
    assume(not any(_live_house_table(without, page) for page in names))
    for page in names:
        assert unstyled(str(with_plugin.main(page))) == unstyled(str(without.main(page)))
    assert search_texts(with_plugin.search) == search_texts(without.search)
    assert with_plugin.warnings(" Doc file") == without.warnings(" Doc file")
    tables = sum(_pipe_tables(without, page) for page in names)
    findings = with_plugin.findings()
    assert sum(" HT001 " in f for f in findings) == tables
    refused = sum(" HT010 " in f for f in findings)
    styled = sum(1 for page in names for t in with_plugin.main(page).find_all("table")
                 if "border-collapse" in (t.get("style") or ""))
    assert styled == tables - refused


@SETTINGS
@given(site_page(), site_page(), snippet_files())
def test_check_reports_exactly_what_the_build_reports(index, sub, files):
    """`house-tables check docs` (finding its mkdocs.yml itself) gives the findings the build logs: same codes,
    same files (a snippet's own file included), same lines and columns."""
    pages = {"index.md": index, "sub/page.md": sub}
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        built = build_site(write_site(root, pages, files=files), root / "site")
        _, lines = check_site(root)
    logged = sorted(finding.removeprefix("house_tables: ") for finding in built.findings())
    assert sorted(lines[:-1]) == logged


@SETTINGS
@given(site_page(), site_page(), snippet_files(), st.sampled_from(["jsx", "html"]))
# A paragraph a raw HTML table interrupts keeps its line break before `</p>` (invisible), one a pipe table does not
@example(index="# Page\n", sub="# Page\n\n!!! note\n\n    See it.\n | a | b |\n:-|-\n| 1 | 2 |\n", files={},
         form="html")
def test_fix_then_build_shows_what_the_build_showed(index, sub, files, form):
    """`house-tables fix docs` (the site's own configuration found by itself), then `mkdocs build`: every page,
    the link warnings and the search index are what the build showed before, house-table styles aside; and what
    fix reports is what `check --verify` then says."""
    pages = {"index.md": index, "sub/page.md": sub.replace("# Page", "# Sub\n\n## Anchor", 1)}
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        config = write_site(root, pages, files={**files, "docs/img/x.png": "png"})
        before = build_site(config, root / "before")
        code, fixed = run_cli(root, "fix", "--form", form, "docs")
        after = build_site(config, root / "after")
        _, checked = run_cli(root, "check", "--verify", "--form", form, "docs")
    assert code in (0, 1), fixed
    for page in ("index.html", "sub/page/index.html"):
        assert unstyled(str(after.main(page))) == unstyled(str(before.main(page)))
    assert search_texts(after.search) == search_texts(before.search)
    assert after.warnings(" Doc file") == before.warnings(" Doc file")
    assert [line for line in fixed if " HT" in line] == [line for line in checked if " HT" in line]
