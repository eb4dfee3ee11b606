"""Stacks found on public documentation sites (measured in /work/notes/pubdocs.md), reduced to the few lines
that made check, fix or the build go wrong: each built for real and checked from the command line."""

import json
import re
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from test_cli import cli_process
from test_plugin_pipeline import house_table

from engines import extract_tables
from sites import EXTENSIONS, build_site, check_site, house_styled, run_cli, unstyled, write_site

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


# pymdown-extensions' escapeall.md: `#!html &nbsp;` in a cell; reduced: escaped references in a wide column.
ESCAPED_WIDE = "# W\n\nA | B\n--- | ---\n" + "&amp;nbsp;" * 6 + " | " + "x" * 12 + "\n"


def test_the_build_measures_escaped_references_as_fix_does(tmp_path):
    """The build styled the pipe table with widths from its cells' text decoded twice (a stashed `&amp;` then
    the `&nbsp;` it makes: one character instead of six each), fix from the text a reader sees: the built page
    changed (columns 33/67 -> 75/25) once the sources were fixed."""
    config = write_site(tmp_path / "site", {"index.md": ESCAPED_WIDE}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _parsed(after.pages["index.html"]) == _parsed(before.pages["index.html"])


def _parsed(html: str) -> str:
    """A page as a browser reads it: references decoded (`&nbsp;` and U+00A0 alike), spaces between tags aside."""
    return re.sub(r">\s+<", "><", str(BeautifulSoup(html, "html.parser")))


# pymdown-extensions' about/security.md includes SECURITY.md; its table's line there was not certain (reduced: the
# same table in two snippet files) and the build and check reported it in two forms.
TWICE = {"snippets/one.md": "| a | b |\n|---|---|\n| 1 | 2 |\n", "snippets/two.md": "| a | b |\n|---|---|\n| 1 | 2 |\n"}
INCLUDES = "# I\n\n--8<-- \"one.md\"\n\ntext\n\n--8<-- \"two.md\"\n"


def test_a_table_whose_snippet_line_is_not_certain_is_reported_alike(tmp_path):
    """At the including line, column 1, with the same note, by the build and by check (the build gave no
    column and said which line of the page; check gave column 1 and did not)."""
    config = write_site(tmp_path / "site", {"index.md": INCLUDES}, files=TWICE)
    build = build_site(config, tmp_path / "out")
    code, lines = check_site(tmp_path / "site")
    assert code == 1
    assert [f"house_tables: {line}" for line in lines[:-1]] == build.findings()
    assert lines[0].startswith("docs/index.md:3:1: HT001 pipe table (2 columns, 1 row)")
    assert lines[0].endswith("its line in the included file is not certain; line 3 of the page as MkDocs read it)")


# netbox-community/netbox's introduction.md and customization/reports.md: a footnote reference in a cell.
FOOTNOTED = ("# F\n\nx[^a] y[^b]\n\n| A | B |\n|---|---|\n| abcdefgh[^c] | abcdefghijk |\n| a | b |\n\n"
             "[^a]: one\n[^b]: two\n[^c]: three\n")


def test_fix_measures_a_footnote_reference_as_the_build_does(tmp_path):
    """Widths count a footnote reference as the number the reader sees (the build's measure); fix counted the
    `[^label]` it writes, so the built page's columns changed once fix wrote the table (netbox: 41/59 -> 39/61)."""
    config = write_site(tmp_path / "site", {"index.md": FOOTNOTED}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _parsed(after.pages["index.html"]) == _parsed(before.pages["index.html"])


# Found by a probe of risky cells after the sites: a `&name;` that names no character is text, `;` included.
UNKNOWN = "# U\n\n| a | b |\n|---|---|\n| &NotAnEntity; x | &foo;bar &Not; &amp; |\n"


def test_text_like_an_unknown_reference_keeps_its_semicolon(tmp_path):
    """Python-Markdown writes `&foo;` as it is and a browser shows it so; bs4 reads it as `&foo`, so fix wrote
    `&foobar` and verified it against the same misreading. The cells' text as a browser decodes it is kept."""
    config = write_site(tmp_path / "site", {"index.md": UNKNOWN}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _cell_texts(before.pages["index.html"]) == ["a", "b", "&NotAnEntity; x", "&foo;bar \u2aec &"]
    assert _cell_texts(after.pages["index.html"]) == _cell_texts(before.pages["index.html"])


# D9's other half: `&name;` that names no character but starts with one a browser reads without its `;`.
LEGACY = "# L\n\n| a | b |\n|---|---|\n| &notit; x | &copy2024; &ampx; y |\n"
LEGACY_ATTRIBUTE = "# A\n\n| a | b |\n|---|---|\n| <abbr title=\"&notit;\">t</abbr> | z |\n"


def test_text_like_a_reference_with_a_legacy_prefix_reads_as_a_browser_reads_it(tmp_path):
    """A browser shows `&notit;` in text as `¬it;` (`&not` is read without its `;`) and keeps it as it is in an
    attribute; bs4 read `&notit` (text) and `¬it;` (attribute), so fix wrote `&notit x` (the `;` lost) and a
    title the extension shows as `¬it;`, each verified against the same misreading. Now the text converts and
    shows what the pipe table showed, widths included; the title, which the house table would show decoded, is
    refused (HT009) and its page left as it was."""
    config = write_site(tmp_path / "site", {"index.md": LEGACY, "title.md": LEGACY_ATTRIBUTE}, snippets=False)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[-1].startswith("1 file fixed (1 table, 4 cells verified), 1 unchanged; 2 findings")
    assert lines[2].startswith("docs/title.md:3:1: HT009 the page would change")
    assert (tmp_path / "site" / "docs" / "title.md").read_text() == LEGACY_ATTRIBUTE
    after = build_site(config, tmp_path / "after")
    assert _cell_texts(before.pages["index.html"]) == ["a", "b", "\u00acit; x", "\u00a92024; &x; y"]
    assert _cell_texts(after.pages["index.html"]) == _cell_texts(before.pages["index.html"])
    widths = [re.findall(r'<col style="width: ?([0-9.]+%)', side.pages["index.html"]) for side in (before, after)]
    assert widths[0] == widths[1] and len(widths[0]) == 2  # bs4 (_parsed) would misread the page before


def _cell_texts(page: str) -> list[str]:
    """Each cell's text of the page's first table as a browser decodes it (html.parser with convert_charrefs
    follows HTML5; bs4 would not: it is what misread `&foo;`)."""
    from html.parser import HTMLParser

    texts: list[str] = []

    class Cells(HTMLParser):
        inside = False

        def handle_starttag(self, tag, attrs):
            if tag in ("td", "th"):
                self.inside = True
                texts.append("")

        def handle_endtag(self, tag):
            if tag in ("td", "th"):
                self.inside = False

        def handle_data(self, data):
            if self.inside:
                texts[-1] += data

    reader = Cells(convert_charrefs=True)
    reader.feed(page[page.index("<table"): page.index("</table>")])
    reader.close()
    return [text.strip() for text in texts]


# Textualize/textual's guide/content.md: `<span style="opacity: 0.6;">` in a cell was refused (HT009): the trailing
# `;` read back differently. A style is compared by its declarations; a repeated property (which one wins depends
# on order, and a JSX style object keeps one) is still refused.
STYLED = ("# S\n\n| A | B |\n|---|---|\n"
          "| <span style=\"opacity: 0.6;\">x</span> | <span style=\"color:red\">y</span> |\n"
          "| <b style=\"COLOR: Blue ; ;font-weight:400\">z</b> "
          "| <i style=\"--Gap: 2px;margin-left: var(--Gap)\">w</i> |\n"
          "\ntext\n\n| C |\n|---|\n| <span style=\"margin-top: 5px; margin: 0; margin-top: 7px\">v</span> |\n")


def test_a_cell_style_is_compared_by_its_declarations(tmp_path):
    """fix converts the first table (its styles differ from the JSX's read-back only in form) and refuses the
    second; Chromium parses every style of the converted cells to the same declarations as before."""
    import json
    import subprocess

    config = write_site(tmp_path / "site", {"index.md": STYLED}, snippets=False)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[0] == "docs/index.md: 1 table, 6 cells verified"
    assert lines[2].startswith("docs/index.md:30:3: HT009 cell 1 of row 1: JSX '<span style={{marginTop: \"7px\", ")
    after = build_site(config, tmp_path / "after")
    tests = Path(__file__).parent
    run = subprocess.run(["node", "browser_styles.mjs", *((tmp_path / side / "index.html").as_uri()
                                                          for side in ("before", "after"))],
                         cwd=tests, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    shown_before, shown_after = json.loads(run.stdout)
    assert shown_after == shown_before
    assert [text for _, text, _ in shown_before] == ["x", "y", "z", "w", "v"]
    assert 'style={{opacity: "0.6"}}' in (tmp_path / "site" / "docs" / "index.md").read_text()
    assert before.pages["index.html"] != after.pages["index.html"]


# pypa/hatch's docs: a hook (docs/.hooks/plugin_register.py) adds a Markdown extension whose class lives in the hook's
# file, which MkDocs loads by path; 82 pages, so check and fix use a pool of processes.
HOOK = """from markdown.extensions import Extension


def on_config(config, **kwargs):
    config.markdown_extensions.append(GlobalExtension())


class GlobalExtension(Extension):
    def extendMarkdown(self, md):
        pass
"""


def test_a_hook_extension_that_cannot_be_pickled_is_checked_without_the_pool(tmp_path):
    """The tasks sent to the pool held the hook's extension, which cannot be pickled: check printed a PicklingError
    traceback or, on CPython 3.11, hung for ever. Forked workers now take the tasks they inherit (nothing is pickled);
    where workers are spawned the files are checked in this process. Either way with every finding."""
    root = tmp_path / "site"
    (root / "docs" / ".hooks").mkdir(parents=True)
    (root / "docs" / ".hooks" / "plugin_register.py").write_text(HOOK)
    (root / "mkdocs.yml").write_text("site_name: t\nmarkdown_extensions: [tables]\n"
                                     "hooks: [docs/.hooks/plugin_register.py]\nplugins: [house-tables]\n")
    for number in range(40):
        (root / "docs" / f"p{number:02}.md").write_text("# P\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    for command in ("check", "fix"):
        done = cli_process(command, "--jobs", "2", "--no-cache", "docs", cwd=root)
        assert "Traceback" not in done.stderr and done.stderr == ""
        lines = done.stdout.splitlines()
        if command == "check":
            assert (done.returncode, len(lines)) == (1, 41)
            assert lines[-1] == "40 findings (40 pipe tables) in 40 files; configuration: mkdocs.yml"
        else:
            assert (done.returncode, lines[-1]) == (0, "40 files fixed (40 tables, 160 cells verified), 0 unchanged; "
                                                       "no findings left in 40 files; configuration: "
                                                       "mkdocs.yml")


# pypa/hatch's config/dependency.md and plugins/builder/wheel.md: block HTML and `<br>`s in cells.
BLOCKS = "# B\n\n| a | b |\n|---|---|\n| `os_name` | <ul><li>posix</li><li>java</li></ul> |\n| x | y<br><br>Note |\n"


def test_house_cells_keep_their_spacing_through_prettify(tmp_path):
    """Python-Markdown's prettify step never sees a pipe cell's raw HTML but did see the house table's cell elements:
    `<ul><li>` was built `\\n<ul>\\n<li>` and `<br><br>Note` `<br />\\n<br />\\nNote` once fix had written the table."""
    config = write_site(tmp_path / "site", {"index.md": BLOCKS}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _cell_html(after.pages["index.html"]) == _cell_html(before.pages["index.html"])
    assert _cell_html(before.pages["index.html"])[-1] == "y<br/><br/>Note"



# MobilityData/gtfs.org's reference: a raw HTML table inside a pipe cell (fare_transfer_type's processing table).
NESTED = ("# N\n\n| a | b |\n|---|---|\n"
          "| x | Rules:<table><tr><th>h1</th><th>h2</th></tr><tr><td>1</td><td>2</td></tr></table>End |\n")


def test_a_table_inside_a_house_cell_keeps_its_spacing_through_prettify(tmp_path):
    """The cells of a table nested in a house cell were taken for the house table's own (whose tails are its
    layout, left as prettify makes them): once fix had written the table, the nested table was built with a newline
    after each of its cells, and the search index read `h1 h2` where it had read `h1h2`."""
    config = write_site(tmp_path / "site", {"index.md": NESTED}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _cell_html(after.pages["index.html"]) == _cell_html(before.pages["index.html"])
    assert after.search == before.search

def _cell_html(page: str) -> list[str]:
    """Each cell's inner HTML in the page's first table as written (bs4 writes `<br>` and `<br />` alike)."""
    return [cell.decode_contents() for cell in BeautifulSoup(page, "html.parser").table.find_all(["td", "th"])]


# google/adk-docs' integrations/notion.md: `Tool <img width="200px"/>` in a header cell; an anchor `<a name>` in a cell.
NO_URL = "# T\n\nTool <img width=\"200px\"/> | Description\n---- | ---\n<a name=\"x\"></a>`a` | b [y](#x)\n"


def test_a_cell_image_without_src_and_an_anchor_without_href_build(tmp_path):
    """MkDocs' relpath step asserts that every `img` and `a` element has a src or href; a pipe cell's tags are raw
    HTML it never sees, a house cell's are elements: the fixed site's build stopped with an AssertionError."""
    config = write_site(tmp_path / "site", {"index.md": NO_URL}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _cell_html(after.pages["index.html"]) == _cell_html(before.pages["index.html"])
    assert after.findings() == [] and after.warnings() == []

# mkdocs/mkdocs' user-guide/cli.md: `::: mkdocs-click` (a preprocessor) becomes option tables; the file has none.
MAKER = """from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor


def on_config(config, **kwargs):
    config.markdown_extensions.append(TableMaker())


class Options(Preprocessor):
    def run(self, lines):
        made = []
        for line in lines:
            made.extend(["| Name | Type |", "|---|---|", "| `-q` | flag |"] if line == "::: options" else [line])
        return made


class TableMaker(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(Options(md), "options", 141)
"""


def test_a_table_made_by_a_preprocessor_is_reported_by_check_as_by_the_build(tmp_path):
    """check skipped a file with no table line and no `-8<-` (nothing to parse, it assumed), so the tables a
    preprocessor of the site makes there were reported by the build alone; both called such text a snippet's."""
    config = write_site(tmp_path / "site", {"cli.md": "# CLI\n\n::: options\n"}, files={"hooks.py": MAKER},
                        snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    build = build_site(config, tmp_path / "out")
    assert len(build.findings()) == 1
    code, lines = check_site(tmp_path / "site")
    assert (code, [f"house_tables: {line}" for line in lines[:-1]]) == (1, build.findings())
    assert lines[0].endswith("(from text a plugin or Markdown extension made at this line; no file holds it; line 3 "
                             "of the page as MkDocs read it)")  # not "(a snippet)": the page has no snippet line


# timvink/mkdocs-table-reader-plugin's docs: mkdocs-macros-plugin renders the page (`{% raw %}` lines lose their
# tags) and table-reader's `{{ read_csv(...) }}` becomes a pipe table, in MkDocs' build only (on_page_markdown).
TEMPLATE_HOOK = """def on_page_markdown(markdown, **kwargs):
    table = "| a | b |\\n|---|---|\\n| 1 | 2 |"
    return markdown.replace("{% raw %}", "").replace("{% endraw %}", "").replace("{{ read_csv() }}", table)
"""


def test_a_table_a_plugin_made_is_reported_at_the_line_that_made_it(tmp_path):
    """The build reported such a table at the first line the plugin changed (the `{% endraw %}` above, two lines
    early) and said a Markdown extension made it."""
    page = "# T\n\n{% raw %}\n`{{ x }}`\n{% endraw %}\n\n{{ read_csv() }}\n\nafter\n"
    config = write_site(tmp_path / "site", {"index.md": page}, files={"hooks.py": TEMPLATE_HOOK}, snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    assert build_site(config, tmp_path / "out").findings() == [
        "house_tables: docs/index.md:7:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown "
        "pipe tables (from text a plugin or Markdown extension made at this line; no file holds it; line 7 of the "
        "page as MkDocs read it)"]


def test_a_table_table_reader_makes_is_reported_by_check_as_by_the_build(tmp_path):
    """hummingbot's docs: mkdocs-table-reader-plugin makes a pipe table of a CSV file's rows where a page says
    `{{ read_csv('members.csv') }}` (on_page_markdown, looking for the file beside the page it noted on_pre_page).
    The build reported that table (324 findings) and check did not (323): check read the page as written."""
    pages = {"community/list.md": "# Members\n\n{{ read_csv('members.csv') }}\n\nEnd.\n"}
    config = write_site(tmp_path / "site", pages, files={"docs/community/members.csv": "name,role\nann,dev\n"},
                        extensions=["tables"], snippets=False)
    _with_plugin_first(config, "table-reader")
    build = build_site(config, tmp_path / "out")
    assert build.findings() == [
        "house_tables: docs/community/list.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids "
        "Markdown pipe tables (from text a plugin or Markdown extension made at this line; no file holds it; line 3 "
        "of the page as MkDocs read it)"]
    code, lines = check_site(tmp_path / "site")
    assert (code, [f"house_tables: {line}" for line in lines[:-1]]) == (1, build.findings())


def test_a_table_in_a_definition_is_reported_at_its_line(tmp_path):
    """A pipe table that opens a def_list definition (`:   | a | b |`, a stress site on typer's stack): its header
    row shares its line with the definition's marker, so the table is no lines of the file (HT014, never
    converted), and check and the build both reported it at 1:1, the file's start. Now both report it at the
    marker's line."""
    page = "# T\n\nSome text.\n\nTerm\n:   | Def | table |\n    | --- | ----- |\n    | 1   | 2     |\n"
    config = write_site(tmp_path / "site", {"index.md": page}, extensions=["def_list"], snippets=False)
    build = build_site(config, tmp_path / "out")
    assert build.findings() == [
        "house_tables: docs/index.md:6:1: HT014 Python-Markdown renders a pipe table here (1 body row) from text "
        "that is not lines of this file: it cannot be converted"]
    code, lines = check_site(tmp_path / "site")
    assert (code, [f"house_tables: {line}" for line in lines[:-1]]) == (1, build.findings())


# Neoteroi's mkdocs-plugins docs: neoteroi.projects gives each Gantt plan a fresh uuid4 id every time it renders.
RANDOM_ID = """import uuid

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor


def on_config(config, **kwargs):
    config.markdown_extensions.append(Plans())


class Plan(Preprocessor):
    def run(self, lines):
        return [f'<div id="plan-{uuid.uuid4()}"></div>' if line == "::plan::" else line for line in lines]


class Plans(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(Plan(md), "plan", 25)
"""


def test_a_page_that_renders_differently_each_time_is_named_as_such(tmp_path):
    """fix cannot verify any table of such a page and leaves them (as before); HT009 said "the page would change"
    with the two random ids, as if converting the table had changed something outside it."""
    page = "# G\n\n::plan::\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    write_site(tmp_path / "site", {"index.md": page}, files={"hooks.py": RANDOM_ID}, snippets=False)
    config = tmp_path / "site" / "mkdocs.yml"
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[1].startswith("docs/index.md:5:1: HT009 the site's Markdown extensions render this page differently "
                               "each time (before '")
    assert lines[1].endswith("): no change to it can be verified")
    assert (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8") == page


# mkdocs-gen-files writes the pages its scripts make to a temporary directory and marks the files generated_by.
GENERATED_PAGE = """import os
import tempfile

from mkdocs.structure.files import File


def on_files(files, config):
    directory = tempfile.mkdtemp()
    with open(os.path.join(directory, "generated.md"), "w", encoding="utf-8") as f:
        f.write("# Generated\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |\\n")
    file = File("generated.md", directory, config.site_dir, config.use_directory_urls)
    file.generated_by = "mkdocs-gen-files"
    files.append(file)
    return files
"""


def test_a_table_of_a_generated_page_is_reported_at_the_page_s_path(tmp_path):
    """It was reported at the temporary file relative to the site (`../../../tmp/…/generated.md:3:1`), a path that
    is gone once the build ends."""
    config = write_site(tmp_path / "site", {"index.md": "# I\n"}, files={"hooks.py": GENERATED_PAGE}, snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    assert build_site(config, tmp_path / "out").findings() == [
        "house_tables: generated.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe "
        "tables (a page mkdocs-gen-files generated at build time; no file on disk holds it)"]


# squidfunk/mkdocs-material's docs: hooks/shortcodes.py turns `<!-- md:flag experimental -->` into a badge in
# on_page_markdown, which the command line does not run.
SHORTCODES = """import re


def on_page_markdown(markdown, **kwargs):
    return re.sub(r"<!-- md:flag (\\w+) -->", r'<span class="badge">\\1</span>', markdown)
"""


def test_an_html_comment_a_hook_rewrites_stays_in_a_pipe_cell(tmp_path):
    """The house cell holds an HTML comment as a JSX comment, which the hook does not see: the badge was gone from
    the built page (fix said "verified": its render did not run the hook). Now fix verifies the page as the hook
    makes it: such a table stays (HT009 naming the cause and the difference); the other converts."""
    page = ("# H\n\n| option | status |\n|---|---|\n| `x` | <!-- md:flag experimental --> |\n\n"
            "| c | d |\n|---|---|\n| 1 | 2 |\n")
    config = write_site(tmp_path / "site", {"index.md": page}, files={"hooks.py": SHORTCODES}, snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    before = build_site(config, tmp_path / "before")
    assert _every_cell(before) == ["option", "status", "<code>x</code>", '<span class="badge">experimental</span>',
                                   "c", "d", "1", "2"]
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[:2] == ["docs/index.md: 1 table, 4 cells verified",
                         "docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown "
                         "pipe tables"]
    assert lines[2].startswith("docs/index.md:3:1: HT009 a hook or plugin of the site rewrites pages' Markdown "
                               "(on_page_markdown) and reads the pipe table otherwise than the house table: before '")
    assert '<span class="badge">experimental</span>' in lines[2]
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)


# A hook that puts the version where a page says `{version}` (and a token written as Markdown's strong emphasis);
# another that needs what only a build has.
TOKENS = """def on_page_markdown(markdown, page, config, files):
    assert files.get_file_from_path(page.file.src_uri) is page.file and len(files.documentation_pages()) == 2
    return markdown.replace("{version}", "1.2.3").replace("__TOKEN__", "abc")
"""
FAILING_REWRITE = """def on_page_markdown(markdown, page, config, **kwargs):
    on = config.plugins["house-tables"].config.enabled
    return markdown.replace("{state}", ("on" if on else "off") + page.meta["suffix"])
"""


def test_a_token_a_hook_replaces_in_a_cell_keeps_its_value(tmp_path):
    """`{version}` became `&#123;version}` in the house cell and `__TOKEN__` `<strong>TOKEN</strong>`; the hook
    matched neither, so the built page showed `{version}` and "TOKEN" where it showed "1.2.3" and "abc" (fix said
    "verified"). The table stays now; a table the hook does not touch converts; a page without tokens too."""
    page = ("# H\n\n| what | value |\n|---|---|\n| version | {version} |\n| token | __TOKEN__ |\n\n"
            "| c | d |\n|---|---|\n| 1 | `2` |\n\nVersion {version}.\n")
    other = "# O\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    config = write_site(tmp_path / "site", {"index.md": page, "other.md": other}, files={"hooks.py": TOKENS},
                        snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    before = build_site(config, tmp_path / "before")
    assert _every_cell(before) == ["what", "value", "version", "1.2.3", "token", "abc", "c", "d", "1", "<code>2</code>"]
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[0] == "docs/index.md: 1 table, 4 cells verified"
    assert lines[2].startswith("docs/index.md:3:1: HT009 a hook or plugin of the site rewrites pages' Markdown "
                               "(on_page_markdown) and reads the pipe table otherwise than the house table: before '")
    assert lines[3] == "docs/other.md: 1 table, 4 cells verified"
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)


def test_a_hook_that_fails_outside_a_build_leaves_the_page(tmp_path):
    """The hook reads another plugin's configuration, which a build has (fix loads no plugin); it reads the page's
    front matter too, which fix gives it. When the hook fails the page's tables stay, HT009 saying why (nothing is
    written); the build shows the page."""
    page = "---\nsuffix: '!'\n---\n# H\n\n| a | b |\n|---|---|\n| 1 | {state} |\n"
    write_site(tmp_path / "site", {"index.md": page}, files={"hooks.py": FAILING_REWRITE}, snippets=False)
    config = tmp_path / "site" / "mkdocs.yml"
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert (code, lines[1]) == (1, "docs/index.md:6:1: HT009 a hook or plugin of the site rewrites pages' Markdown "
                                   "(on_page_markdown) and failed on this page here (KeyError: 'house-tables'): no "
                                   "change to it can be verified")
    assert (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8") == page
    assert _every_cell(build_site(config, tmp_path / "out")) == ["a", "b", "1", "on!"]


# pymdownx.snippets includes lines of a file by a range (`"table.md:3:6"`); a converted table there is longer.
RANGED = {"table.md": "# Options\n\n| name | default |\n|---|---|\n| a | 1 |\n| b | 2 |\n\nMore.\n",
          "whole.md": "# Whole\n\n| c | d |\n|---|---|\n| 3 | 4 |\n",
          "index.md": '# Home\n\n--8<-- "table.md:3:6"\n\n--8<-- "whole.md"\n\nEnd.\n'}


def test_a_file_a_page_includes_lines_of_keeps_its_tables(tmp_path):
    """fix converted table.md (verified as its own page); lines 3-6 of the fixed file were the house table's first
    four lines, which index.md then showed as text, no table. Now table.md's table stays (HT009 naming the including
    line); whole.md, included whole, converts; the built index page shows the same cells."""
    _, after = _one_kept_one_converted(tmp_path, RANGED, "table.md", "whole.md", (
        "docs/table.md:3:1: HT009 docs/index.md:3 includes lines of this file by a snippet line range, which would "
        "hold other lines once a table is converted"))
    assert _every_cell(after) == ["name", "default", "a", "1", "b", "2", "c", "d", "3", "4"]


def _one_kept_one_converted(tmp_path: Path, pages: dict[str, str], kept: str, converted: str, refusal: str):
    """Build, fix, build again: kept stays as written with the refusal (exit 1), converted converts, every cell of
    the index page is what it was; (the build before, the build after)."""
    config = write_site(tmp_path / "site", pages)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert refusal in lines
    assert f"docs/{converted}: 1 table, 4 cells verified" in lines
    assert (tmp_path / "site" / "docs" / kept).read_text(encoding="utf-8") == pages[kept]
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)
    return before, after



# squidfunk/mkdocs-material's "Embedding external files" (zensical/docs authoring/code-blocks.md): a snippet line
# inside a fence shows the included file's text as code. With a `.md` file, that code is a pipe table's source.
SHOWN = {"example.md": "# Example\n\n| name | default |\n|---|---|\n| a | 1 |\n",
         "other.md": "# Other\n\n| c | d |\n|---|---|\n| 3 | 4 |\n",
         "index.md": ('# Home\n\nThe source:\n\n```markdown\n--8<-- "example.md"\n```\n\n~~~~ text\n```\n~~~~\n\n'
                      'What it shows:\n\n--8<-- "example.md"\n\n--8<--\nother.md\n--8<--\n')}


def test_a_file_a_code_block_shows_keeps_its_tables(tmp_path):
    """fix converted example.md (verified as its own page), and the code block on index.md that shows its text
    then showed the house table's JSX instead of the pipe table. Now example.md's table stays (HT009 naming the
    including line); other.md, included in a snippet block outside any fence, converts; the built index page
    shows the same code and the same cells."""
    before, after = _one_kept_one_converted(tmp_path, SHOWN, "example.md", "other.md", (
        "docs/example.md:3:1: HT009 docs/index.md:6 shows this file's text in a code block (a snippet line inside a "
        "fence), which would show the house table's source"))
    shown = [code.get_text() for code in after.main("index.html").find_all("code")]
    assert shown == [code.get_text() for code in before.main("index.html").find_all("code")]
    assert "| a | 1 |" in shown[0]
    assert _every_cell(after) == ["name", "default", "a", "1", "c", "d", "3", "4"]


def test_a_snippet_table_fix_converted_is_not_reported_left(tmp_path):
    """index.md includes other.md by a snippet: its scan reports other.md's table too (as the build does). fix
    converted other.md in the same run, yet said `1 finding (1 pipe table) left` and exited 1, where a second run
    found none; now what is left is what the files hold once written. check still reports the table twice, like
    the build (two built pages show it)."""
    pages = {"other.md": "# Other\n\n| c | d |\n|---|---|\n| 3 | 4 |\n", "index.md": '# Home\n\n--8<-- "other.md"\n'}
    config = write_site(tmp_path / "site", pages)
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path / "site", "fix", "docs") == (0, [
        "docs/other.md: 1 table, 4 cells verified",
        "1 file fixed (1 table, 4 cells verified), 1 unchanged; no findings left in 2 files; configuration: "
        "mkdocs.yml"])
    assert run_cli(tmp_path / "site", "fix", "docs")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before) == ["c", "d", "3", "4"]


# A page that shows another file by a snippet reads that file's tables with its own link references, footnotes and
# abbreviations (mkdocs-material's glossary: `*[HTML]: …` lines in an included file), which the file's own page
# lacks: there `[the docs][ref]` is text, so fix wrote it escaped.
PART = "# Part\n\n| key | value |\n|---|---|\n| a | [the docs][ref] |\n| b | HTML text |\n| c | note[^n] |\n"
PLAIN_PART = "# Plain\n\n| e | f |\n|---|---|\n| 5 | [g](#plain) |\n"
SHOWS_PARTS = ('# Home\n\n--8<-- "part.md"\n\n!!! note\n    --8<-- "plain.md"\n\n'
               'Text right before:\n--8<-- "glued.md"\n\n'
               "[ref]: https://example.com\n*[HTML]: Hyper Text\n[^n]: A note.\n")
GLUED = "| h | i |\n|---|---|\n| 7 | 8 |\n"


def test_a_table_read_with_the_including_page_s_definitions_keeps_them(tmp_path):
    """fix converted part.md (verified as its own page, where the reference, the abbreviation and the footnote are
    text) and index.md, which includes it and defines them, then showed `[the docs][ref]` as text, `HTML` without
    its abbreviation and `note[^n]` without its footnote. Likewise glued.md, included right after a line of text:
    there its pipe lines are paragraph text, its house table a table. Now the file is verified in each page that
    includes it: part.md's and glued.md's tables stay (HT009 naming the including line); plain.md, included in an
    admonition, converts."""
    pages = {"part.md": PART, "plain.md": PLAIN_PART, "glued.md": GLUED, "index.md": SHOWS_PARTS}
    config = write_site(tmp_path / "site", pages)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert "docs/plain.md: 1 table, 4 cells verified" in lines
    assert any(line.startswith("docs/part.md:3:1: HT009 docs/index.md:3 shows this file, and that page would "
                               "change: before") for line in lines)
    assert any(line.startswith("docs/glued.md:1:1: HT009 docs/index.md:9 shows this file, and that page would "
                               "change: before") for line in lines)
    assert (tmp_path / "site" / "docs" / "part.md").read_text(encoding="utf-8") == PART
    assert (tmp_path / "site" / "docs" / "glued.md").read_text(encoding="utf-8") == GLUED
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)
    assert '<a href="https://example.com">the docs</a>' in _every_cell(after)
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert unstyled(after.pages["plain/index.html"]) == unstyled(before.pages["plain/index.html"])
    # A page that cannot be rendered here (a snippet it names is missing, with check_paths): the file it shows stays.
    pages = {"part.md": PLAIN_PART, "index.md": '# Home\n\n--8<-- "part.md"\n\n--8<-- "missing.md"\n'}
    snippets = {"pymdownx.snippets": {"base_path": [str(tmp_path / "missing" / "docs")], "check_paths": True}}
    write_site(tmp_path / "missing", pages, extensions=[snippets], snippets=False)
    _, lines = run_cli(tmp_path / "missing", "fix", "docs")
    assert ("docs/part.md:3:1: HT009 docs/index.md:3 shows this file, and that page cannot be rendered here "
            "(SnippetMissingError: Snippet at path 'missing.md' could not be found): no change to it can be verified"
            in lines)

# typer's and FastAPI's stack lists mdx_include, argo-cd's markdown-include: `{!path!}` pastes a file's text into the
# page before Markdown reads it (and after the macros plugin renders the page), with the page's definitions.
GLOSSARY = "| term | meaning |\n|---|---|\n| HTML | the page's markup |\n"
BRACED = {"glossary.md": GLOSSARY, "plain.md": "# Plain\n\n| e | f |\n|---|---|\n| 5 | 6 |\n",
          "index.md": "# Home\n\nThe HTML terms:\n\n{!glossary.md!}\n\n*[HTML]: Hyper Text Markup Language\n"}


@pytest.mark.parametrize("includer", ["mdx_include", "markdown_include.include"])
@pytest.mark.parametrize("macros", [False, True])
def test_a_file_a_page_includes_by_braces_keeps_its_tables(tmp_path, includer, macros):
    """fix converted glossary.md, verified as its own page, where `HTML` is no abbreviation: index.md, which
    includes it by `{!glossary.md!}` and defines the abbreviation, then showed the cell without it; with the macros
    plugin, which renders index.md before the include, it also showed the raw block's `{% raw %}` lines as text.
    Now glossary.md's table stays (HT009 naming the including line); plain.md, which no page includes, converts;
    the built index page is what it was."""
    config = write_site(tmp_path / "site", BRACED, extensions=["abbr", {includer: {"base_path": "docs"}}],
                        snippets=False)
    if macros:
        _with_macros(config, None)
    before = build_site(config, tmp_path / "before")
    assert '<abbr title="Hyper Text Markup Language">HTML</abbr>' in _every_cell(before)
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert "docs/plain.md: 1 table, 4 cells verified" in lines
    assert (f"docs/glossary.md:1:1: HT009 docs/index.md:5 includes this file by {includer} (`{{!…!}}`), which pastes "
            "its text into that page, where fix cannot verify a converted table") in lines
    assert (tmp_path / "site" / "docs" / "glossary.md").read_text(encoding="utf-8") == GLOSSARY
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert unstyled(after.pages["glossary/index.html"]) == unstyled(before.pages["glossary/index.html"])


# pypa/hatch's version hook runs `hatch version` in a preprocessor; without `hatch` on PATH it raises on every page.
FAILING_HOOK = """from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor


def on_config(config, **kwargs):
    config.markdown_extensions.append(VersionExtension())


class Version(Preprocessor):
    def run(self, lines):
        raise FileNotFoundError("hatch")


class VersionExtension(Extension):
    def extendMarkdown(self, md):
        md.preprocessors.register(Version(md), "version", 101)
"""


def test_an_error_of_the_site_s_own_code_is_not_called_an_internal_error(tmp_path):
    """One line per file naming the hook's line (it said `internal error (...); please report it`, as if the fault
    were house-tables')."""
    config = write_site(tmp_path / "site", {"index.md": "# I\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"},
                        files={"hooks/version.py": FAILING_HOOK}, snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks/version.py]\n")
    done = cli_process("check", "--no-cache", "docs", cwd=tmp_path / "site")
    assert (done.returncode, done.stderr) == (2, "docs/index.md: error in the site's own code at hooks/version.py:11 "
                                                 "(FileNotFoundError: hatch)\n")


# google/adk-docs and fastapi use Jinja macros; with mkdocs-macros-plugin's default delimiters every page is a
# template whose `{{` opens an expression — and a house table writes `style={{...}}`. The plugin runs in MkDocs, not
# in Python-Markdown, so fix's render of the page could not see it: fix wrote tables that turned the page into
# "Macro Syntax Error".
MACROS_PAGE = "# M\n\ntext\n\n| a | b |\n|---|---|\n| 1 | `x` |\n"


def _with_macros(config: Path, options: dict | None) -> None:
    """The site's mkdocs.yml with mkdocs-macros-plugin's entry first (with options, or bare)."""
    _with_plugin_first(config, {"macros": options} if options else "macros")


def _with_plugin_first(config: Path, entry: str | dict) -> None:
    """The site's mkdocs.yml with another plugin's entry first under `plugins:`."""
    import yaml

    data = yaml.safe_load(config.read_text(encoding="utf-8"))
    data["plugins"] = [entry, *data["plugins"]]
    config.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def test_a_site_whose_pages_are_jinja_templates_gets_its_tables_converted(tmp_path):
    """With delimiters the house table does not hold, fix converts and the page shows the same cells (no "Macro
    Syntax Error"); with the plugin's default delimiters fix refused every table (HT009: kluster-ai's docs, 28
    tables), and now writes the house table inside a `{% raw %}` block: the page shows the same again.
    (The custom site is built first: in one process, a build with the default delimiters made a later build with
    custom ones show "Macro Syntax Error"; a fresh process does not.)"""
    custom = write_site(tmp_path / "custom", {"index.md": MACROS_PAGE}, extensions=["attr_list"], snippets=False)
    _with_macros(custom, {"j2_variable_start_string": "[[[", "j2_variable_end_string": "]]]"})
    before = build_site(custom, tmp_path / "before")
    assert run_cli(tmp_path / "custom", "fix", "docs")[0] == 0
    written = (tmp_path / "custom" / "docs" / "index.md").read_text(encoding="utf-8")
    assert "style={{" in written and "raw" not in written
    after = build_site(custom, tmp_path / "after")
    assert "Macro Syntax Error" not in after.pages["index.html"]
    assert _cell_texts(after.pages["index.html"]) == _cell_texts(before.pages["index.html"]) == ["a", "b", "1", "x"]
    default = write_site(tmp_path / "default", {"index.md": MACROS_PAGE}, extensions=["attr_list"], snippets=False)
    _with_macros(default, None)
    before = build_site(default, tmp_path / "default_before")
    assert run_cli(tmp_path / "default", "fix", "docs") == (0, [
        "docs/index.md: 1 table, 4 cells verified",
        "1 file fixed (1 table, 4 cells verified), 0 unchanged; no findings left in 1 file; configuration: "
        "mkdocs.yml"])
    written = (tmp_path / "default" / "docs" / "index.md").read_text(encoding="utf-8").splitlines()
    assert written[4:7] == ["{% raw %}", "", '<table style={{width: "100%", borderCollapse: "collapse", '
                                             'tableLayout: "fixed"}}>'] and written[-2:] == ["", "{% endraw %}"]
    after = build_site(default, tmp_path / "default_after")
    assert "Macro Syntax Error" not in after.pages["index.html"]
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert check_site(tmp_path / "default")[0] == 0


# kluster-ai's docs (mkdocs-macros-plugin with its default delimiters): pages that use variables, a macro called in
# a cell, a pipe table inside a `{% raw %}` block already, a link MkDocs resolves.
TEMPLATE_PAGE = """# {{ config.site_name }} models

{% macro badge(text) %}**{{ text }}**{% endmacro %}
Plans for {{ product }} start at {{ price }} dollars.

| Model | Status |
|---|---|
| `llama` | {{ badge("new") }} |

| Name | Page |
|---|---|
| **a** | [other](other.md) |

{% raw %}
Shown as written: {{ braces }}.

| k | v |
|---|---|
| 1 | `{{ x }}` |

{% endraw %}

- an item

    | nested | table |
    |---|---|
    | 2 | 3 |
"""


def test_a_page_the_macros_plugin_renders_shows_the_same_once_fixed(tmp_path):
    """fix writes each house table inside a raw block where the plugin would read its `{{`, with the site's block
    delimiters (`<% raw %>` here), and as it is inside a raw block already; a table whose cell calls a macro stays
    (HT009: the house cell would hold the call as text). The site fails its build on a template error
    (on_error_fail): the page built after fix shows the same as before, its variables and macro expanded."""
    page = TEMPLATE_PAGE.replace("{%", "<%").replace("%}", "%>")
    config = write_site(tmp_path / "site", {"index.md": page, "other.md": "# Other\n"}, extensions=["attr_list"],
                        snippets=False)
    _with_macros(config, {"j2_block_start_string": "<%", "j2_block_end_string": "%>", "on_error_fail": True})
    config.write_text(config.read_text() + "extra:\n  product: Kluster\n  price: 3\n")
    before = build_site(config, tmp_path / "before")
    assert "Plans for Kluster start at 3 dollars." in before.pages["index.html"]
    code, lines = run_cli(config.parent, "fix", "docs")
    assert (code, lines[:3]) == (1, [
        "docs/index.md: 3 tables, 12 cells verified",
        "docs/index.md:6:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        "docs/index.md:6:1: HT009 the site's macros plugin would expand the '{{' expression in the pipe table, which "
        "the house table holds as text"])
    written = (config.parent / "docs" / "index.md").read_text(encoding="utf-8")
    assert written.count("<% raw %>") == written.count("<% endraw %>") == 3  # one there already
    assert "\n    <% raw %>\n\n    <table" in written
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert "<strong>new</strong>" in after.pages["index.html"] and "{{ braces }}" in after.pages["index.html"]
    assert run_cli(config.parent, "fix", "docs")[1][0] == lines[1]  # a second run changes nothing
    assert "hand-written tables: 3 in the house style" in check_site(config.parent)[1][-1]  # the nested one too


def test_a_template_expression_in_a_cell_stays_expanded(tmp_path):
    """With other delimiters, a cell's `[[[ config.site_name ]]]` is expanded by the plugin in MkDocs' build; fix's
    render showed it as text, so fix wrote it escaped (`\\[\\[\\[ …`) and the built page showed the expression
    instead of its value. Now such a table stays (HT009 naming the cause); the other converts; every cell is kept."""
    page = ("# M\n\n| a | b |\n|---|---|\n| name | [[[ config.site_name ]]] |\n\n"
            "| c | d |\n|---|---|\n| 1 | `x` |\n")
    config = write_site(tmp_path / "site", {"index.md": page}, extensions=["attr_list"], snippets=False)
    _with_macros(config, {"j2_variable_start_string": "[[[", "j2_variable_end_string": "]]]"})
    _first_table_stays(config, tmp_path, ["a", "b", "name", "t", "c", "d", "1", "<code>x</code>"],
                       "the site's macros plugin would expand the '[[[' expression in the pipe table, which the house "
                       "table holds as text")


def test_a_page_the_macros_plugin_cannot_render_keeps_its_tables(tmp_path):
    """The plugin shows "Macro Syntax Error" instead of a page whose template does not parse: no house table can be
    verified in it, and fix says where Jinja stopped."""
    page = "# B\n\nPrice {{ price\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    config = write_site(tmp_path / "site", {"index.md": page}, extensions=["attr_list"], snippets=False)
    _with_macros(config, None)
    assert "Macro Syntax Error" in build_site(config, tmp_path / "before").pages["index.html"]
    code, lines = run_cli(config.parent, "fix", "docs")
    assert (code, lines[1]) == (1, "docs/index.md:5:1: HT009 the site's macros plugin cannot render this page (line "
                                   "6: TemplateSyntaxError: expected token 'name', got '|'): no "
                                   "house table can be verified in it")
    assert (config.parent / "docs" / "index.md").read_text(encoding="utf-8") == page


# kluster-ai's docs and timvink/mkdocs-table-reader-plugin's: a pipe table right under a `{% raw %}` or `{% if %}`
# line, an `{% endraw %}` or `{% endif %}` line right under one. mkdocs-macros-plugin renders each tag line as a blank
# line before Markdown reads the page; a comment's line keeps its text.
TAGGED_TABLES = """# T

{% raw %}
| a | b |
|---|---|
| 1 | `{{ x }}` |
{% endraw %}

{% if true %}
| c | d |
|---|---|
| 3 | 4 |
{% endif %}

text {# a comment #}
| e | f |
|---|---|
| 5 | 6 |
"""
TAGGED_FINDINGS = [
    "docs/index.md:4:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
    "docs/index.md:10:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
    "docs/index.md:16:1: HT005 this table follows a line of text directly: Python-Markdown renders no table"]


@pytest.mark.parametrize("form", ["jsx", "html"])
def test_a_table_right_under_a_template_tag_is_read_as_the_build_reads_it(tmp_path, form):
    """check read a page the plugin renders as written: the tables under a tag line were HT005 there (a line of text
    right above) and tables in the build, the `{% endraw %}` line a row of the first; fix, which reads the page as
    check does, left them. Now check reports what the build reports, at the same places (text and JSON), fix
    converts exactly the tables check reports, and the page shows the same."""
    config = write_site(tmp_path / "site", {"index.md": TAGGED_TABLES}, extensions=["attr_list"], snippets=False)
    _with_macros(config, None)
    before = build_site(config, tmp_path / "before")
    assert before.findings() == [f"house_tables: {finding}" for finding in TAGGED_FINDINGS]
    code, lines = run_cli(config.parent, "check", "--no-cache", "docs")
    assert (code, lines[:-1]) == (1, TAGGED_FINDINGS)
    report = json.loads("\n".join(run_cli(config.parent, "check", "--no-cache", "--format", "json", "docs")[1]))
    assert [(table["line"], table["end_line"]) for table in report["tables"]] == [(4, 6), (10, 12)]
    assert [(d["line"], d["column"], d["code"]) for d in report["diagnostics"]] == [(4, 1, "HT001"), (10, 1, "HT001"),
                                                                                      (16, 1, "HT005")]
    code, lines = run_cli(config.parent, "fix", "--form", form, "docs")
    assert (code, lines[0]) == (1, "docs/index.md: 2 tables, 8 cells verified")
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert len(after.findings()) == 1 and "HT005" in after.findings()[0]
    checked = check_site(config.parent)[1]
    assert ([f"house_tables: {line}" for line in checked[:-1]], "2 in the house style" in checked[-1]) == (
        after.findings(), True)


def test_the_html_form_keeps_a_table_a_macro_fills(tmp_path):
    """--form html wrote a cell's `{{ badge }}` as it was into the `<td>`: the plugin still expanded it, but its value
    (`**new**`) then landed in raw HTML, where Markdown does not read it, and the page showed `**new**` instead of
    **new**. Such a table stays (HT009), as in the JSX form; the other table converts."""
    page = ("# M\n\n| a | b |\n|---|---|\n| llama | {{ badge }} |\n\n"
            "| c | d |\n|---|---|\n| 1 | `x` |\n")
    config = write_site(tmp_path / "site", {"index.md": page}, extensions=["attr_list"], snippets=False)
    _with_macros(config, None)
    config.write_text(config.read_text() + "extra:\n  badge: '**new**'\n")
    _first_table_stays(config, tmp_path, ["a", "b", "llama", "<strong>new</strong>", "c", "d", "1", "<code>x</code>"],
                       "the site's macros plugin would render the '{{' template syntax in the pipe table, whose output "
                       "the house table would hold in raw HTML, where Markdown does not read it", form="html")


# nautobot/nautobot: mkdocs-macros-plugin with `render_by_default: false` renders only the pages whose front matter
# says `render_macros: true` (2 of 312); the others' `{{` is text. fix refused every table of the site (110) as if
# every page were a template.
OPTED_IN = "---\nrender_macros: true\n---\n# R\n\nSite {{ config.site_name }}.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
LEFT_AS_WRITTEN = "# P\n\n| c | d |\n|---|---|\n| 3 | `{{ x }}` |\n"


def test_a_page_the_macros_plugin_leaves_as_written_converts(tmp_path):
    """The page without `render_macros: true` converts and shows the same cells (its `{{ x }}` as text, no raw
    block); the opted-in page gets its house table in a raw block (the plugin would read its `{{`) and keeps its
    expanded text. When an opted-in page pulls another file in by a Jinja `include`, that file is rendered with it
    and not as its own page, where a raw block's tags would show: its table stays."""
    pages = {"index.md": LEFT_AS_WRITTEN, "opted.md": OPTED_IN}
    config = write_site(tmp_path / "site", pages, extensions=["attr_list"], snippets=False)
    _with_macros(config, {"render_by_default": False})
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(config.parent, "fix", "docs")
    assert code == 0
    assert lines[:2] == ["docs/index.md: 1 table, 4 cells verified", "docs/opted.md: 1 table, 4 cells verified"]
    assert "raw" not in (config.parent / "docs" / "index.md").read_text(encoding="utf-8")
    assert "{% raw %}\n\n<table" in (config.parent / "docs" / "opted.md").read_text(encoding="utf-8")
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before) == ["c", "d", "3", "<code>{{ x }}</code>"]
    assert unstyled(after.pages["opted/index.html"]) == unstyled(before.pages["opted/index.html"])
    assert "Site t." in after.pages["opted/index.html"]
    pages = {"index.md": '---\nrender_macros: true\n---\n# I\n\n{% include "shared.md" %}\n',
             "shared.md": LEFT_AS_WRITTEN.replace("`{{ x }}`", "4")}
    config = write_site(tmp_path / "pulled", pages, extensions=["attr_list"], snippets=False)
    _with_macros(config, {"render_by_default": False, "include_dir": "docs"})
    code, lines = run_cli(config.parent, "fix", "docs")
    assert (code, lines[1]) == (1, "docs/shared.md:3:1: HT009 the site's macros plugin would read '{{' in the house "
                                   "table as a template")


def _first_table_stays(config: Path, tmp_path: Path, cells: list[str], refusal: str, form: str = "jsx") -> None:
    """The site's page builds with cells; fix (writing form) converts its second table and leaves its first, with
    HT009 refusal; the page built after shows the same cells."""
    before = build_site(config, tmp_path / "before")
    assert _every_cell(before) == cells
    code, lines = run_cli(config.parent, "fix", "--form", form, "docs")
    assert code == 1
    assert lines[:3] == ["docs/index.md: 1 table, 4 cells verified",
                         "docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown "
                         "pipe tables", f"docs/index.md:3:1: HT009 {refusal}"]
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)


# zensical/docs (built by Zensical from its mkdocs.yml): the house_tables Markdown extension listed under
# markdown_extensions, no plugin — the setup the README gives for Zensical and plain Python-Markdown.
OWN_EXTENSION = [*EXTENSIONS, {"house_tables": {"levels": {"HT002": "ignore"}}}]
TWO_TABLES = "# T\n\ntext\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c | d |\n|---|---|\n| 3 | 4 | 5 |\n"


def test_a_site_that_lists_the_extension_is_checked_and_fixed_as_it_builds(tmp_path):
    """check took the listed extension as one more of the stack: it converted every table while check scanned the
    page, so check found none ("no findings") and fix wrote nothing, while the build reported them. Now check and
    fix are that extension: they read the rest of the stack, take its options (HT002 ignored, as the build does),
    report what the build reports at the same places, and the fixed site builds the same cells."""
    config = write_site(tmp_path / "site", {"index.md": TWO_TABLES}, plugin=False, extensions=OWN_EXTENSION,
                        snippets=False)
    before = build_site(config, tmp_path / "before")
    built = [line.split(":<markdown>:", 1)[1] for line in before.log if ":<markdown>:" in line]
    assert built == ["5:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
                     "9:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
                     "9:1: HT010 not converted: a row has more cells than the header; the engine drops the extra "
                     "cells (line 3 of the table)"]
    code, lines = check_site(tmp_path / "site")
    assert (code, lines[:-1]) == (1, [f"docs/index.md:{line}" for line in built])
    assert lines[-1] == ("3 findings (2 pipe tables) in 1 file; configuration: mkdocs.yml (Markdown stack with "
                         "house_tables)")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert lines[0] == "docs/index.md: 1 table, 4 cells verified"
    after = build_site(config, tmp_path / "after")
    left = [line.split(":<markdown>:", 1)[1] for line in after.log if ":<markdown>:" in line]
    assert left == [line.replace("9:1:", "24:1:") for line in built[1:]]  # the second table, below the house one
    assert _cell_texts(after.pages["index.html"]) == _cell_texts(before.pages["index.html"])
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def test_an_error_of_a_site_extension_is_not_called_an_internal_error(tmp_path):
    """zensical/docs lists zensical.extensions.preview, which raises outside a Zensical build ("Rendering context
    not registered"): fix said, for every page with a table, `internal error (...); please report it` — to the
    wrong project. Now the line names the site's extension that raised; nothing is written, exit 2 as before."""
    write_site(tmp_path, {"index.md": "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"},
               extensions=["zensical.extensions.preview"], snippets=False)
    done = cli_process("fix", "docs", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "docs/index.md: error in the site's Markdown extension "
                                                 "zensical.extensions.preview (TypeError: Rendering context not "
                                                 "registered)\n")
    assert "| 1 | 2 |" in (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")


# aws-powertools/powertools-lambda-python: snippets with check_paths, a snippet file missing from the checkout, and
# pymdownx.tasklist listed after pymdownx.snippets.
MISSING_SNIPPET = "# T\n\n--8<-- \"missing.json\"\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"


def test_the_extension_that_raised_is_named_not_another_of_its_package(tmp_path):
    """The build stops with the snippets extension's error; fix named pymdownx.tasklist (the last extension listed
    of the package that raised) as the extension in error."""
    from pymdownx.snippets import SnippetMissingError

    config = write_site(tmp_path, {"index.md": MISSING_SNIPPET}, snippets=False,
                        extensions=[{"pymdownx.snippets": {"check_paths": True}}, "pymdownx.tasklist"])
    with pytest.raises(SnippetMissingError):
        build_site(config, tmp_path / "out")
    done = cli_process("fix", "docs", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "docs/index.md: error in the site's Markdown extension "
                                                 "pymdownx.snippets (SnippetMissingError: Snippet at path "
                                                 "'missing.json' could not be found)\n")
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == MISSING_SNIPPET

# fastapi/sqlmodel (and typer, fastapi): Material's preview extension, which looks up MkDocs' `relpath` step.
PREVIEW = [{"material.extensions.preview": {"targets": {"include": ["*"]}}}, "tables"]
PREVIEWED = ("# P\n\n| a | b |\n|---|---|\n| [other](other.md) | 1 |\n\n"
             "<table>\n<tr><th>x</th></tr>\n<tr><td>y</td></tr>\n</table>\n")


def test_a_stack_with_material_preview_is_read_by_check_and_fix(tmp_path):
    """check and fix render pages outside MkDocs, where no `relpath` tree processor exists: the preview extension
    raised on every page it rendered (`internal error (ValueError: No item named "relpath" exists.)`), so check
    missed the findings of every page with a raw HTML table and fix converted nothing. Now both read the site as
    the build does, and the link in the converted cell keeps the preview mark the build gives it."""
    config = write_site(tmp_path / "site", {"index.md": PREVIEWED, "other.md": "# O\n"}, extensions=PREVIEW,
                        snippets=False)
    before = build_site(config, tmp_path / "before")
    assert len(before.findings()) == 2
    code, lines = check_site(tmp_path / "site")
    assert (code, [f"house_tables: {line}" for line in lines[:-1]]) == (1, before.findings())
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert lines[0] == "docs/index.md: 1 table, 4 cells verified"
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert '<a data-preview="" href="other/">other</a>' in after.pages["index.html"]

# pydantic/pydantic's errors/errors.md (mkdocstrings, so autorefs): `[`errors()`][pydantic_core.ValidationError.errors]`
# in a cell; `[0][1]` in code is no reference.
CROSS_REFERENCED = ("# T\n\n## Target\n\n| M | D |\n|---|---|\n| [`errors()`][target] | x |\n\n"
                    "| C | D |\n|---|---|\n| `b[0][1]` | y |\n")


def test_the_html_form_keeps_a_table_whose_reference_autorefs_links(tmp_path):
    """autorefs links `[title][identifier]` in a pipe cell, never in raw HTML: the JSX form's escaped brackets
    refused such a table (HT009), but fix --form html wrote the brackets as text and the built page showed
    `[errors()][target]` instead of the link (pydantic: 4 tables on 2 pages). Now it stays as written; brackets in
    code do not count."""
    pages = {"index.md": CROSS_REFERENCED, "wiki.md": "# W\n\n| a | b |\n|---|---|\n| [[index]] | x |\n"}
    config = write_site(tmp_path / "site", pages, extensions=["tables"], snippets=False)
    config.write_text(config.read_text().replace("- search\n", "- search\n- autorefs\n- roamlinks\n"))
    before = build_site(config, tmp_path / "before")
    assert 'href="#target"><code>errors()</code></a>' in before.pages["index.html"]
    code, lines = run_cli(tmp_path / "site", "fix", "--form", "html", "docs")
    assert code == 1
    assert lines[0] == "docs/index.md: 1 table, 4 cells verified"
    assert lines[2].startswith("docs/index.md:5:1: HT009 the site's autorefs plugin would link a '[title][identifier]'")
    assert lines[4].startswith("docs/wiki.md:3:1: HT009 the site's wiki-link plugin would link a '[[page]]'")
    after = build_site(config, tmp_path / "after")
    for page in ("index.html", "wiki/index.html"):
        assert unstyled(after.pages[page]) == unstyled(before.pages[page])


# fastapi/sqlmodel (and typer, fastapi): Zensical's port of mkdocs-macros listed as a Markdown extension under MkDocs.
MACROS_EXTENSION = ["zensical.extensions.macros", "tables"]


def test_zensical_macros_extension_is_read_as_the_macros_plugin(tmp_path):
    """The extension renders every page as Jinja, so a house table's `style={{...}}` would make the page "Macro Syntax
    Error". fix kept every table (its render saw the error) with "the page would change: ... Macro Syntax Error", and
    the extension's warning went to stderr once per table tried (sqlmodel: 5 tables). Now the extension is read as
    the macros plugin it ports: the house table is written in a raw block and the page builds as before."""
    page = "# T\n\n{{ 1 + 1 }}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    config = write_site(tmp_path, {"index.md": page}, extensions=MACROS_EXTENSION, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert "<p>2</p>" in before.pages["index.html"]
    done = cli_process("fix", "docs", cwd=tmp_path)
    assert (done.returncode, done.stderr, done.stdout.splitlines()[0]) == (0, "", "docs/index.md: 1 table, 4 cells "
                                                                                  "verified")
    assert "{% raw %}" in (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    after = build_site(config, tmp_path / "after")
    assert after.findings() == []
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# open-webui/docs (Docusaurus): `:::tip Optional Configuration` ... table ... `:::`. Docusaurus makes an admonition
# keyword's title a label (`:::tip[...]`); a line `:::name text` that is not so made is no directive, to MDX either.
NOT_A_DIRECTIVE = ":::details Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n:::\n"
ADMONITIONS = (":::tip[Title]{.x}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n:::\n\n"
               ":::note Title\n\n| c | d |\n|---|---|\n| 3 | 4 |\n:::\n")


def test_a_colon_line_that_is_no_directive_stays_a_row(tmp_path, mdx_engine):
    """`:::details Title` opens nothing for MDX (remark-directive wants `[label]`; Docusaurus rewrites only its
    admonition keywords), so the `:::` under the table is a row of it. check read any `:::word` line as an opener:
    the table ended before `:::`, fix converted one row and the page showed `:::` as a paragraph instead of a row.
    Real openers (`:::tip[Title]{.x}`, Docusaurus' `:::note Title`) still end a table at their `:::`. The pages are
    compiled by MDX before and after fix (Docusaurus' title rewrite applied), whole."""
    (tmp_path / "page.mdx").write_text(NOT_A_DIRECTIVE, encoding="utf-8")
    (tmp_path / "admonitions.mdx").write_text(ADMONITIONS, encoding="utf-8")
    before = [_mdx_page(mdx_engine, NOT_A_DIRECTIVE), _mdx_page(mdx_engine, ADMONITIONS)]
    assert [len(table["rows"]) for table in extract_tables(before[0])] == [2]
    assert run_cli(tmp_path, "fix", "page.mdx", "admonitions.mdx")[0] == 0
    after = [_mdx_page(mdx_engine, (tmp_path / name).read_text(encoding="utf-8")) for name in ("page.mdx",
                                                                                                "admonitions.mdx")]
    assert [_unstyled_mdx(page) for page in after] == [_unstyled_mdx(page) for page in before]


# Mintlify's own docs (migration/docusaurus.mdx): leftover Docusaurus syntax such as `:::` renders as literal text.
LEFTOVER_ADMONITION = "# T\n\n:::note\n| a | b |\n|---|---|\n| 1 | 2 |\n:::\n"
MINTLIFY_CONFIG = '{"$schema": "https://mintlify.com/docs.json", "name": "t"}\n'


def test_a_colon_line_under_a_table_is_a_row_on_mintlify(tmp_path, mdx_engine):
    """Mintlify reads no container directives: the `:::` under the table is a row of it (MDX without them, as
    compiled here). check read it as Docusaurus does, the table ending there: fix converted one row, and the page
    showed `:::` as a paragraph under a table that had lost a row. The same page under Docusaurus keeps its
    admonition reading (one row)."""
    (tmp_path / "mint").mkdir()
    (tmp_path / "mint" / "docs.json").write_text(MINTLIFY_CONFIG, encoding="utf-8")
    page = tmp_path / "mint" / "page.mdx"
    page.write_text(LEFTOVER_ADMONITION, encoding="utf-8")
    (before,) = mdx_engine.render_many([LEFTOVER_ADMONITION], directives=False)
    assert [table["rows"] for table in extract_tables(before["html"])] == [[["1", "2"], [":::", ""]]]
    code, lines = run_cli(tmp_path / "mint", "check", "page.mdx")
    assert (code, lines[:2]) == (1, ["page.mdx:4:1: HT001 pipe table (2 columns, 2 rows) — the house style forbids "
                                     "Markdown pipe tables", "page.mdx:7:1: HT003 row has 1 cell but the header has 2: "
                                     "1 empty cell added"])
    assert run_cli(tmp_path / "mint", "fix", "page.mdx")[0] == 0
    (after,) = mdx_engine.render_many([page.read_text(encoding="utf-8")], directives=False)
    assert _unstyled_mdx(after["html"]) == _unstyled_mdx(before["html"])
    (tmp_path / "docusaurus").mkdir()
    (tmp_path / "docusaurus" / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docusaurus" / "page.mdx").write_text(LEFTOVER_ADMONITION, encoding="utf-8")
    assert run_cli(tmp_path / "docusaurus", "check", "page.mdx")[1][0] == (
        "page.mdx:4:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables")


# GreptimeTeam/docs (Docusaurus, 570 links to `.md` pages in table cells): Docusaurus resolves a Markdown link to a
# page (`./other.md` becomes the page's route) and bundles a Markdown image, in remark, on link and image nodes only;
# its theme draws every Markdown link with its Link (base URL, client routing, external links in a new tab).
HOST_LINKS = ("# T\n\n| a | b |\n|---|---|\n| [other](./other.md) | [p *q*](other.mdx#x \"ti\\\"t\") |\n"
              "| [ext](https://example.com) | ![an *image*](./img.png) |\n| [ref][r] and `c` | www.example.org |\n"
              "| [其他](./其他.md#中文) | [a\\]b](./u.md) [[x]](./y.md) |\n"
              "| <a href=\"raw.md\">raw</a> | [![i](./s.png)](./u.md) |\n\n[r]: ./other.md\n")


def test_a_markdown_link_in_a_cell_stays_a_markdown_link(tmp_path, mdx_engine):
    """fix wrote a cell's Markdown links and images as JSX `<a href>` / `<img src>`: the same HTML to plain MDX, so
    verified, but no link node for Docusaurus' remark plugins (`./other.md` stayed a broken link, `./img.png`
    unbundled) and no theme component (no base URL, external links in the same tab). They stay Markdown now
    (`[other](<./other.md>)` in the `<td>`): the page compiled with a theme's `a`/`img` components shows the same
    links drawn by them, with the same URLs, before and after fix; an `<a>` the page wrote as JSX stays JSX."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text(HOST_LINKS, encoding="utf-8")
    (before,) = mdx_engine.render_many([HOST_LINKS], host=True)
    assert before["html"].count('data-host="a"') == 9 and before["html"].count('data-host="img"') == 2
    assert run_cli(tmp_path, "fix", "docs")[0] == 0
    written = page.read_text(encoding="utf-8")
    assert "<table" in written
    (after,) = mdx_engine.render_many([written], host=True)
    assert _unstyled_mdx(after["html"]) == _unstyled_mdx(before["html"])
    assert "[other](<./other.md>)" in written and '<a href="raw.md">raw</a>' in written


# Nextra (3.0.14 and later) draws the inline code Markdown makes with its Code component, whose `nextra-code` class
# alone carries the inline code style (border, background, padding); a `<code>` written as JSX gets none of it.
HOST_CODE = ("# T\n\n| option | meaning |\n|---|---|\n| `--port` | listens on `{port}` |\n"
             "| ``a`b`` and `` `x` `` | [`List<T>`](./list.md) and `  two  ` |\n"
             "| <code>raw</code> | **`bold code`** ~~`x`~~ |\n")


def test_inline_code_in_a_cell_stays_markdown(tmp_path, mdx_engine):
    """fix wrote a cell's inline code as JSX `<code>`: the same HTML to plain MDX, so verified, but a theme's `code`
    component draws only the code Markdown made (Nextra's Code: the class its inline code style needs). Inline code
    stays Markdown in the `<td>` now (`` `--port` ``, fenced and padded as its backticks and spaces need): the page
    compiled with a theme's components shows the same code drawn by them before and after fix; a `<code>` the page
    wrote as JSX stays JSX."""
    page = tmp_path / "pages" / "index.mdx"
    page.parent.mkdir()
    page.write_text(HOST_CODE, encoding="utf-8")
    (before,) = mdx_engine.render_many([HOST_CODE], directives=False, host=True)
    assert before["html"].count('data-host="code"') == 8
    assert run_cli(tmp_path, "fix", "pages")[0] == 0
    written = page.read_text(encoding="utf-8")
    assert "<table" in written and "`--port`" in written and "<code>raw</code>" in written
    (after,) = mdx_engine.render_many([written], directives=False, host=True)
    assert _unstyled_mdx(after["html"]) == _unstyled_mdx(before["html"])


# DecentSoftware-eu/DecentHolograms-Wiki: built by ProperDocs (an MkDocs fork) from `properdocs.yml`, which it reads
# before `mkdocs.yml`; the site lists the macros plugin and not house-tables.
def test_a_properdocs_site_is_read_with_its_configuration(tmp_path):
    """The CLI knew only `mkdocs.yml`: a ProperDocs site was read with "configuration: defaults", so fix wrote JSX
    tables into pages whose build lists no house-tables plugin (and whose macros plugin reads `{{`): the built
    page showed the JSX as text. `properdocs.yml` is the site's configuration now (ProperDocs' own order): fix
    leaves the table with HT009, and the page built from that file (MkDocs reads the same format) keeps it."""
    config = write_site(tmp_path, {"index.md": "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"}, plugin=False)
    config = config.rename(tmp_path / "properdocs.yml")
    code, lines = run_cli(tmp_path, "fix", "docs")
    page = build_site(config, tmp_path / "site").pages["index.html"]
    assert "style={{" not in page and extract_tables(page)[0]["rows"] == [["1", "2"]]
    assert (code, lines[-1]) == (1, "0 files fixed, 1 unchanged; 2 findings (1 pipe table) left in 1 file; "
                                    "configuration: properdocs.yml (Markdown stack)")


# backstage/mkdocs-monorepo-plugin's sample-docs: the root mkdocs.yml's nav includes `./v1/mkdocs.yml`, whose
# docs/ pages the root builds with its own Markdown stack and plugins (v1's file has a name and a nav only).
MONOREPO_ROOT = """site_name: Cats API
nav:
  - Intro: index.md
  - API:
    - v1: '!include ./v1/mkdocs.yml'
markdown_extensions: [tables, admonition]
plugins:
  - house-tables: {}
  - monorepo
"""
MONOREPO_V1 = "site_name: versions/v1\nnav:\n  - Reference: reference.md\n"
MONOREPO_PAGE = ("# Reference\n\n| Endpoint | Notes |\n|---|---|\n| `GET /cats` | the [intro](../../index.md) |\n\n"
                 "!!! note\n\n    | Limit | Value |\n    |---|---|\n    | rate | 10/s |\n")


def test_a_monorepo_sub_project_is_read_with_the_site_that_builds_it(tmp_path):
    """Each sub-project's mkdocs.yml was taken as the configuration of its pages: check read them with MkDocs'
    usual stack (the table inside an admonition, which the build reports, went unseen) and fix refused both
    tables ("lists neither the house-tables plugin ...") though the build shows house tables. The mkdocs.yml whose
    monorepo plugin includes the sub-project's is the configuration now: check reports what the build reports,
    fix converts both, and the rebuilt page shows the same cells (the link resolved alike)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Intro\n", encoding="utf-8")
    (tmp_path / "v1" / "docs").mkdir(parents=True)
    (tmp_path / "v1" / "mkdocs.yml").write_text(MONOREPO_V1, encoding="utf-8")
    (tmp_path / "v1" / "docs" / "reference.md").write_text(MONOREPO_PAGE, encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text(MONOREPO_ROOT, encoding="utf-8")
    before = build_site(config, tmp_path / "before")
    found = sorted(line.split("house_tables: ", 1)[1] for line in before.log if "house_tables: " in line)
    assert check_site(tmp_path, "v1")[1][:-1] == found and len(found) == 2
    assert run_cli(tmp_path, "fix", "v1")[0] == 0
    after = build_site(config, tmp_path / "after")
    page = "versions/v1/reference/index.html"
    assert "<table style" in after.pages[page]
    assert unstyled(after.pages[page]) == unstyled(before.pages[page])


def test_the_html_form_is_not_written_into_an_mdx_page(tmp_path, mdx_engine):
    """`fix --form html` (the form for an MkDocs site without the plugin) wrote HTML tables into Docusaurus and
    `.mdx` pages: MDX reads them as JSX, where `style="..."` and an unclosed `<col>` do not compile, so the site's
    build failed on every fixed page. Such a page keeps its tables now, with HT009 saying to write the JSX form;
    it compiles to the same page. A page Docusaurus reads as CommonMark (`format: md`) still takes the HTML form."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    source = "# T\n\n| a | b |\n|---|---|\n| 1 | [x](./other.md) |\n"
    page, commonmark = tmp_path / "docs" / "index.md", tmp_path / "docs" / "plain.md"
    page.write_text(source, encoding="utf-8")
    commonmark.write_text("---\nformat: md\n---\n" + source.replace("./other.md", "./other"), encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    before, after = mdx_engine.render_many([source, page.read_text(encoding="utf-8")])
    assert after["ok"] and _unstyled_mdx(after["html"]) == _unstyled_mdx(before["html"])
    assert (code, lines[1]) == (1, "docs/index.md:3:1: HT009 MDX reads the HTML form as JSX, where its `style` strings "
                                   "and unclosed `<col>` do not compile")
    assert '<table style="' in commonmark.read_text(encoding="utf-8")


# gina-io/docs: `markdown: {format: 'detect'}`, so Docusaurus reads its `.md` pages as CommonMark (HTML tables as HTML).
def test_the_html_form_in_a_commonmark_page_is_the_house_style(tmp_path):
    """A page Docusaurus reads as CommonMark takes the HTML form (`fix --form html`; the JSX form is refused there),
    but check read the page as MDX, where that `<table>` is JSX: every converted table was "HT013 hand-written table
    left alone: <table> has a style that is not an object of literal values" (gina-io/docs: 408 after fix), so check
    failed on what fix wrote. Such a page's `<table>`s are read as HTML now: in the house style."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {markdown: {format: 'detect'}};\n",
                                                   encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text("# T\n\n| a | b |\n|:--|--:|\n| `1` | [x](https://example.com) |\n", encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert code == 0 and '<table style="' in page.read_text(encoding="utf-8")
    code, lines = run_cli(tmp_path, "check", "docs")
    assert (code, lines[-1].split("; configuration")[0]) == (
        0, "no findings in 1 file; hand-written tables: 1 in the house style, 0 drifting, 0 left alone")
    assert run_cli(tmp_path, "fix", "--check", "--form", "html", "docs")[0] == 0


# gina-io/docs' reference pages: `.md` links in the cells of tables in `.md` pages read as CommonMark.
RESOLVED_IN_MARKDOWN = ("# T\n\n| a | b |\n|---|---|\n| [dtos](../guides/dtos.md#x) | 1 |\n\n"
                        "| c | d |\n|---|---|\n| ![i](./img.png) | 2 |\n\n"
                        "| e | f |\n|---|---|\n| [route](/data/orm) and [up](../guides/dtos) |"
                        " [x](https://x.org/a.md) |\n")


def test_a_link_docusaurus_resolves_in_markdown_keeps_its_table_in_the_html_form(tmp_path):
    """Docusaurus resolves a Markdown link to a `.md` file (to the page's route) and bundles a Markdown image in
    remark plugins that see link and image nodes only; in the HTML form, which a page it reads as CommonMark takes,
    the cell's `<a href="../guides/dtos.md">` stays as written: a broken link (gina-io/docs: 7 tables). Such a table
    stays, with HT009 naming the URL; a table whose links are routes or external converts (the theme draws raw and
    Markdown links alike)."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {markdown: {format: 'detect'}};\n",
                                                   encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text(RESOLVED_IN_MARKDOWN, encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    for line, url, broken in ((3, "../guides/dtos.md#x", "link"), (7, "./img.png", "image")):
        assert (f"docs/index.md:{line}:1: HT009 Docusaurus resolves `{url}` only in Markdown: in the HTML form it "
                f"would stay as written, a broken {broken}") in lines
    written = page.read_text(encoding="utf-8")
    assert code == 1 and written.count("<table") == 1 and "| [dtos](../guides/dtos.md#x) | 1 |" in written
    assert '<a href="/data/orm">route</a>' in written and lines[-1].startswith("1 file fixed (1 table,")


def _mdx_page(engine, source: str) -> str:
    """The page MDX renders, after Docusaurus' rewrite of an admonition keyword's title into a label."""
    source = re.sub(r"^(:{3,}(?:note|tip)) +(.*)$", r"\1[\2]", source, flags=re.M)
    (response,) = engine.render_many([source])
    assert response["ok"]
    return response["html"]


def _unstyled_mdx(html: str) -> str:
    """A rendered page without what only the house table has: styles, colgroup, the marks of a pipe table."""
    html = re.sub(r' (?:style|data-md|data-lines)="[^"]*"', "", html)
    return re.sub(r"<colgroup>.*?</colgroup>", "", html)


# openai/openai-agents-python (mkdocstrings, which runs mkdocs-autorefs): `[`HostedMCPTool`][agents.tool.X]` in cells.
CROSS_REFERENCES = ("# T\n\n## Target\n\n| a | b |\n|---|---|\n| [`x`][target] | 2 |\n\n"
                    "| c | d |\n|---|---|\n| [target](#target) | \\[literal]\\[text] |\n")


def test_a_cross_reference_in_a_cell_stays_a_link(tmp_path):
    """autorefs links `[title][identifier]` without a definition on the page in MkDocs' build; fix's render (the
    Markdown stack alone) showed it as text, so fix wrote it escaped and the built page lost the link (12 tables on
    openai-agents-python, verified). Now such a table stays (HT009 naming the cause); the other converts, and the
    built page keeps every cell."""
    config = write_site(tmp_path / "site", {"index.md": CROSS_REFERENCES}, snippets=False)
    config.write_text(config.read_text(encoding="utf-8").replace("- search\n", "- search\n- autorefs\n"),
                      encoding="utf-8")
    before = build_site(config, tmp_path / "before")
    assert 'title="Target" href="#target"><code>x</code></a>' in before.pages["index.html"]
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[:3] == ["docs/index.md: 1 table, 4 cells verified",
                         "docs/index.md:5:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown "
                         "pipe tables", "docs/index.md:5:1: HT009 the site's autorefs plugin would link a "
                         "'[title][identifier]' reference in the pipe table, which the house table holds as text"]
    after = build_site(config, tmp_path / "after")
    assert _cell_html(after.pages["index.html"]) == _cell_html(before.pages["index.html"])


# A wiki-link plugin (mkdocs-ezlinks, mkdocs-roamlinks, mkdocs-obsidian-bridge) links `[[page]]` in on_page_markdown.
WIKI_LINKS = ("# T\n\n| a | b |\n|---|---|\n| [[other]] | 2 |\n\n"
              "| c | d |\n|---|---|\n| [other](other.md) | `code` |\n")


def test_a_wiki_link_in_a_cell_stays_a_link(tmp_path):
    """roamlinks links `[[other]]` in a pipe cell in MkDocs' build; fix's render showed it as text, so fix wrote
    `\\[\\[other]]` and the built page showed the brackets instead of the link. Now such a table stays (HT009 naming
    the cause); the other converts, and the built page keeps every cell."""
    config = write_site(tmp_path / "site", {"index.md": WIKI_LINKS, "other.md": "# Other\n"}, snippets=False)
    config.write_text(config.read_text(encoding="utf-8").replace("- search\n", "- search\n- roamlinks\n"),
                      encoding="utf-8")
    _first_table_stays(config, tmp_path, ["a", "b", '<a href="other/">other</a>', "2", "c", "d",
                                          '<a href="other/">other</a>', "<code>code</code>"],
                       "the site's wiki-link plugin would link a '[[page]]' wiki link in the pipe table, which the "
                       "house table holds as text")


def _every_cell(build) -> list[str]:
    """Each cell's inner HTML in every table of the built index page's content."""
    return [cell.decode_contents() for cell in build.main("index.html").find_all(["td", "th"])]


# mkdocs-include-markdown-plugin pastes a file into a page in on_page_markdown; how each page includes its file.
PASTED = {"own": '{% include-markdown "parts/own.md" %}',
          "listed": '- item\n\n    {% include-markdown "parts/listed.md" %}',
          "inline": 'Inline {% include-markdown "parts/inline.md" %} end.',
          "code": '    {% include-markdown "parts/code.md" %}',
          "part": '{% include-markdown "parts/part.md" start="| 1" %}',
          "paragraph": 'Text above\n{% include-markdown "parts/paragraph.md" %}'}
PASTED_TABLE = "| a | b |\n|:--|--:|\n| 1 | [home](../index.md) |\n| 2 | `x\\|y` |\n"


def test_a_file_a_page_pastes_inline_in_code_or_in_part_keeps_its_tables(tmp_path):
    """fix verified each included file as its own page, but a page pasting it inline after text, inside code, or
    from a `start=` string in the table showed the house table's JSX as text (or a cut table) after fix (pubdocs4's
    F4). Those files now keep their tables (HT009 naming the including line); files pasted on a line of their own,
    at the top or in a list item, convert; every built page shows what it showed before."""
    pages = {"index.md": "# Home\n", **{f"parts/{name}.md": PASTED_TABLE for name in PASTED},
             **{f"p_{name}.md": f"# {name}\n\nBefore.\n\n{line}\n\nAfter.\n" for name, line in PASTED.items()}}
    config = write_site(tmp_path / "site", pages, extensions=["admonition", "footnotes", "pymdownx.superfences"],
                        snippets=False)
    _with_plugin_first(config, "include-markdown")
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    refused = {line.split(":")[0] for line in lines if " HT009 " in line}
    assert (code, refused) == (1, {f"docs/parts/{name}.md" for name in ("inline", "code", "part", "paragraph")})
    assert ("docs/parts/inline.md:1:1: HT009 docs/p_inline.md:5 includes this file inline, with text on its line "
            "(include-markdown), where a house table would not be read as one") in lines
    assert {line.split(":")[0] for line in lines[:-1] if "cells verified" in line} == {"docs/parts/own.md",
                                                                                       "docs/parts/listed.md"}
    after = build_site(config, tmp_path / "after")
    for name in PASTED:
        page = f"p_{name}/index.html"
        assert unstyled(after.pages[page]) == unstyled(before.pages[page]), name


# The same with mkdocs-include-markdown-plugin: a file pasted on a line of its own reads the pasting page's
# definitions (pubdocs5's F5: the pasting page lost the link, the abbreviation and the footnote after fix).
PASTES_PARTS = ('# Home\n\n{% include-markdown "part.md" %}\n\n!!! note\n\n    {% include-markdown "plain.md" %}\n\n'
                "[ref]: https://example.com\n*[HTML]: Hyper Text\n[^n]: A note.\n")


def test_a_pasted_table_read_with_the_pasting_page_s_definitions_keeps_them(tmp_path):
    """fix converted part.md (verified as its own page, where the reference, the abbreviation and the footnote are
    text); index.md, which pastes it and defines them, then showed `[the docs][ref]` as text. Now a file pasted whole
    is verified in each page that pastes it too: part.md stays (HT009 naming the pasting line); plain.md, pasted in an
    admonition, converts, and every page shows what it showed."""
    pages = {"part.md": PART, "plain.md": PLAIN_PART, "index.md": PASTES_PARTS}
    config = write_site(tmp_path / "site", pages, extensions=["abbr", "admonition", "footnotes"], snippets=False)
    _with_plugin_first(config, "include-markdown")
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert "docs/plain.md: 1 table, 4 cells verified" in lines
    assert any(line.startswith("docs/part.md:3:1: HT009 docs/index.md:3 shows this file, and that page would "
                               "change: before") for line in lines)
    assert (tmp_path / "site" / "docs" / "part.md").read_text(encoding="utf-8") == PART
    after = build_site(config, tmp_path / "after")
    assert '<a href="https://example.com">the docs</a>' in _every_cell(after)
    for page in ("index.html", "part/index.html", "plain/index.html"):
        assert unstyled(after.pages[page]) == unstyled(before.pages[page]), page


GLOSSARY_PAGE = ("# Terms\n\n| Term | Meaning |\n| --- | --- |\n| HTML | markup |\n\n| Plain | Text |\n| --- | --- |\n"
                 "| a | b |\n\n{% include-markdown \"../parts/glossary.md\" %}\n")


def test_a_page_is_verified_with_the_files_include_markdown_pastes_into_it(tmp_path):
    """A page pasting a glossary (`*[HTML]: ...`) with include-markdown: the build marks `HTML` in the pipe table's cell
    as an abbreviation; fix, verifying the page without what it pastes, saw no abbreviation and wrote the cell as
    text, so the built page lost the abbreviation. The page is now read and verified as the plugin pastes it (as the
    build reads it): that table stays (HT009), the other converts, and the page shows what it showed."""
    config = write_site(tmp_path / "site", {"index.md": GLOSSARY_PAGE}, extensions=["abbr", "tables"], snippets=False,
                        files={"parts/glossary.md": "*[HTML]: Hyper Text Markup Language\n"})
    _with_plugin_first(config, "include-markdown")
    before = build_site(config, tmp_path / "before")
    assert '<abbr title="Hyper Text Markup Language">HTML</abbr>' in _every_cell(before)
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1 and "docs/index.md: 1 table, 4 cells verified" in lines
    assert any(line.startswith("docs/index.md:3:1: HT009 a hook or plugin of the site (include-markdown, pasting "
                               "files into this page) rewrites pages' Markdown (on_page_markdown) and reads the pipe "
                               "table otherwise than the house table: before "
                               "'eaning</th></tr>\\n</thead><tbody><tr><td><abbr") for line in lines), lines
    written = (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8")
    assert "| HTML | markup |" in written and "| a | b |" not in written
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# TRaSH-Guides: `fix --check docs includes` listed a pasted file's table as left (HT001 at its line, once per page that
# pastes it) in the run that said it would convert that file: the pages were read against the file as it is, which a
# writing run rewrites before it reports (and then drops what the pages said of it).
PASTED_TWO = "## P\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c | d |\n|---|---|\n| 3 | 4 | 5 |\n"


def test_a_dry_run_of_fix_leaves_what_a_writing_run_leaves_in_a_pasted_file(tmp_path):
    """fix --check says what fix then leaves (the table it cannot convert, once, at the file's line), not the table
    it would convert, and writes nothing."""
    line = '{% include-markdown "../includes/part.md" %}'
    pages = {"index.md": f"# T\n\n{line}\n", "other.md": f"# O\n\nText.\n\n{line}\n"}
    write_site(tmp_path, pages, files={"includes/part.md": PASTED_TWO}, extensions=["attr_list"], snippets=False)
    _with_plugin_first(tmp_path / "mkdocs.yml", "include-markdown")
    dry = run_cli(tmp_path, "fix", "--check", "docs", "includes")
    assert (tmp_path / "includes" / "part.md").read_text(encoding="utf-8") == PASTED_TWO
    code, written = run_cli(tmp_path, "fix", "docs", "includes")
    left = [line for line in written if " HT0" in line]
    assert (code, [finding.split(" ", 2)[:2] for finding in left]) == (1, [
        ["includes/part.md:22:1:", "HT001"], ["includes/part.md:22:1:", "HT010"], ["includes/part.md:24:11:", "HT002"]])
    assert (dry[0], [line for line in dry[1] if " HT0" in line]) == (1, left)
    assert "would convert 1 table" in dry[1][0] and written[0].startswith("includes/part.md: 1 table")


def test_a_page_pasting_a_file_from_a_url_keeps_its_tables(tmp_path):
    """house-tables fetches nothing: a page include-markdown pastes a URL into cannot be verified as pasted."""
    page = "# T\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n{% include-markdown \"https://example.com/x.md\" %}\n"
    config = write_site(tmp_path, {"index.md": page}, extensions=["tables"], snippets=False)
    _with_plugin_first(config, "include-markdown")
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == page
    said = ("docs/index.md:3:1: HT009 a page that shows this file cannot be read here (NotFetched: docs/index.md "
            "pastes https://example.com/x.md, which house-tables does not fetch): no change to it can be verified")
    assert said in lines, lines


# xpqz/zensical-dyalog: markdown_tables_extended registers its block processor above Python-Markdown's `table`, so
# every pipe table of the site was read by it: the build's house-tables saw none and check said "no findings".
OTHER_READER = "markdown_tables_extended"
OTHER_READER_LINE = ("mkdocs.yml: markdown_extensions: markdown_tables_extended.TableProcessor reads the pages' pipe "
                     "tables before Python-Markdown's tables do, so house-tables would see none of them: take that "
                     "extension out of the stack to check this site")


def test_a_site_whose_tables_another_extension_reads_is_refused_not_passed(tmp_path):
    """check and fix refuse the site in one line naming the extension (exit 2, nothing written) instead of "no
    findings"; the build warns once, so `mkdocs build --strict` fails where the pipe tables stay."""
    page = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n\n| c | d |\n|---|---|\n| 3 | 4 |\n"
    config = write_site(tmp_path, {"index.md": page, "other.md": page}, extensions=[OTHER_READER, "admonition"],
                        snippets=False)
    for command in ("check", "fix"):
        done = cli_process(command, "docs", cwd=tmp_path)
        assert (done.returncode, done.stderr) == (2, OTHER_READER_LINE + "\n")
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == page
    built = build_site(config, tmp_path / "built")
    told = [line for line in built.log if "markdown_tables_extended" in line]
    assert told == ["WARNING:house-tables: markdown_tables_extended.TableProcessor reads the pages' pipe tables "
                    "before Python-Markdown's tables do, so house-tables sees none of them: take that extension out "
                    "of markdown_extensions"]


def test_without_the_other_reader_the_same_site_is_checked(tmp_path):
    """The refusal is the other reader's alone: the same site with Python-Markdown's tables is checked as before."""
    page = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    write_site(tmp_path, {"index.md": page}, extensions=["admonition"], snippets=False)
    code, lines = check_site(tmp_path)
    assert (code, lines[0]) == (1, "docs/index.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style "
                                   "forbids Markdown pipe tables")


def test_python_markdown_and_pymdownx_extensions_read_no_pipe_table_first():
    """What lets load_site skip building the stack to ask: no extension of Python-Markdown or pymdown-extensions
    has a block processor above `table` that takes a pipe table (each alone with `tables`, and all together)."""
    import markdown

    from house_tables.parsing.pymd import table_readers_before
    from house_tables.site import _PYTHON_MARKDOWN_NAMES

    pymdownx = ["pymdownx.arithmatex", "pymdownx.b64", "pymdownx.betterem", "pymdownx.blocks.admonition",
                "pymdownx.blocks.caption", "pymdownx.blocks.definition", "pymdownx.blocks.details",
                "pymdownx.blocks.html", "pymdownx.blocks.tab", "pymdownx.caret", "pymdownx.critic",
                "pymdownx.details", "pymdownx.emoji", "pymdownx.escapeall", "pymdownx.extra",
                "pymdownx.fancylists", "pymdownx.highlight", "pymdownx.inlinehilite", "pymdownx.keys",
                "pymdownx.magiclink", "pymdownx.mark", "pymdownx.progressbar", "pymdownx.saneheaders",
                "pymdownx.smartsymbols", "pymdownx.snippets", "pymdownx.striphtml", "pymdownx.superfences",
                "pymdownx.tabbed", "pymdownx.tasklist", "pymdownx.tilde"]
    names = sorted(_PYTHON_MARKDOWN_NAMES) + pymdownx
    for name in names:
        assert table_readers_before(markdown.Markdown(extensions=[name, "tables"])) == [], name
    assert table_readers_before(markdown.Markdown(extensions=[*names, "tables"])) == []
    assert table_readers_before(markdown.Markdown(extensions=[OTHER_READER, "tables"])) == [
        "markdown_tables_extended.TableProcessor"]



# Arksine/moonraker: compact_tables registers a block processor above `table` that keeps each pipe table's lines and
# hands the block on (its run returns False), and a tree processor that pairs those lines with the page's tables in
# order, joining the rows a `|^` line marks into the row above. check refused the site as if the extension read the
# tables in tables' place (exit 2, no findings) while the build reported 1899 findings and warned that it saw none.
# The same pattern, reduced:
WATCHER_MODULE = "table_watcher_for_test"
WATCHER = """
from markdown.blockprocessors import BlockProcessor
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor


class Joiner(Treeprocessor):
    def __init__(self):
        super().__init__()
        self.blocks = []

    def run(self, root):
        for table, lines in zip(root.iter("table"), self.blocks, strict=True):
            rows = list(table.find("tbody"))
            for line, row in zip(lines[2:], rows, strict=True):
                if line.rstrip().endswith("|^"):
                    above = rows[rows.index(row) - 1]
                    for upper, cell in zip(above, row):
                        upper.text = " ".join(filter(None, (upper.text, cell.text)))
                    table.find("tbody").remove(row)


class Watcher(BlockProcessor):
    def __init__(self, joiner, parser):
        super().__init__(parser)
        self.joiner = joiner

    def test(self, parent, block):
        return self.parser.blockprocessors["table"].test(parent, block)

    def run(self, parent, blocks):
        self.joiner.blocks.append(blocks[0].split("\\n"))
        return False


class WatcherExtension(Extension):
    def extendMarkdown(self, md):
        joiner = Joiner()
        md.parser.blockprocessors.register(Watcher(joiner, md.parser), "watcher", 80)
        md.treeprocessors.register(joiner, "joiner", 30)


def makeExtension(**kwargs):
    return WatcherExtension(**kwargs)
"""
WATCHED_PAGE = ("# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n\n| name | note |\n|------|------|\n"
                "| Aria | loves to |\n|      | play.    |^\n| Yolo | calm |\n")


def test_a_site_whose_extension_reads_the_tables_lines_and_hands_them_on_is_checked_as_built(tmp_path,
                                                                                           monkeypatch):
    """check reports what the build reports (the extension hands each table to Python-Markdown's, so house-tables
    sees them all), the build does not warn that it sees none, and fix leaves the table it could convert (HT009 naming
    the extension: a converted table would give it no lines to pair): no file written, the page built the same."""
    (tmp_path / f"{WATCHER_MODULE}.py").write_text(WATCHER, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    config = write_site(tmp_path, {"index.md": WATCHED_PAGE}, extensions=[WATCHER_MODULE, "admonition"],
                        snippets=False)
    before = build_site(config, tmp_path / "before")
    assert "<td>Aria</td><td>loves to play.</td>" in re.sub(r">\s+<", "><", before.pages["index.html"])
    assert not [line for line in before.log if "pipe tables before" in line]
    built = [line.removeprefix("house_tables: ") for line in before.findings()]
    code, checked = check_site(tmp_path)
    assert code == 1 and built and [line for line in checked if line.startswith("docs/")] == built
    code, fixed = run_cli(tmp_path, "fix", "docs")
    refusal = (f"HT009 {WATCHER_MODULE}.Watcher (markdown_extensions) reads the pipe tables' lines and pairs them "
               "with the page's tables in order, which a converted table would upset")
    assert code == 1 and [line.split(": ", 1)[1] for line in fixed if " HT009 " in line] == [refusal]
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == WATCHED_PAGE
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# moonraker's compact_tables pairs the blocks it recorded with `root.iter("table")` in a tree processor (priority 30):
# a hand-written house JSX table was a `<table>` placeholder in the tree from the block parser on, so compact_tables
# took it for a pipe table (IndexError in add_table_attributes) and the build aborted; without the plugin the page
# built (the JSX table is raw HTML to Python-Markdown, no element).
HOUSE_THEN_WATCHED = "# T\n\n" + house_table("x", "y") + "\n\n" + WATCHED_PAGE.removeprefix("# T\n\n")


def test_a_hand_written_house_table_is_no_table_to_an_extension_that_pairs_the_page_s_tables(tmp_path, monkeypatch):
    """The page builds with the plugin as without it: the house table rendered in the house style, everything else
    (the joined `|^` row included) the same page; check reports what the build does."""
    (tmp_path / f"{WATCHER_MODULE}.py").write_text(WATCHER, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    pages, options = {"index.md": HOUSE_THEN_WATCHED}, {"extensions": [WATCHER_MODULE], "snippets": False}
    without = build_site(write_site(tmp_path / "plain", pages, plugin=False, **options), tmp_path / "plain_out")
    config = write_site(tmp_path / "house", pages, **options)
    with_plugin = build_site(config, tmp_path / "house_out")
    house, plain = with_plugin.main("index.html"), without.main("index.html")
    assert house_styled(house)[0] is house.find("table") and house.find("table").get_text(" ", strip=True) == (
        "Link Image x y")
    for page in (house, plain):
        page.find("table").decompose()  # the house table: rendered with the plugin, raw JSX text without it
    assert "<td>Aria</td><td>loves to play.</td>" in unstyled(str(house))
    assert unstyled(str(house)) == unstyled(str(plain))
    built = [line.removeprefix("house_tables: ") for line in with_plugin.findings()]
    code, checked = check_site(tmp_path / "house")
    assert code == 1 and built and [line for line in checked if line.startswith("docs/")] == built


# TRaSH-Guides/Guides: mkdocs-markdownextradata-plugin renders every page as a Jinja template (Jinja's own `{{`,
# `{%`) beside the macros plugin (delimiters `[[`). house-tables knew only the macros plugin's delimiters, so fix
# wrote house tables whose `style={{width: ...}}` the other plugin read as an expression: the build failed
# ("TemplateSyntaxError: expected token 'end of print statement', got ':'").
EXTRA_DATA_PAGE = ("# T\n\nThe {{ product }} guide.\n\n| a | b |\n|---|---|\n| 1 | {{ product }} |\n\n"
                   "| c | d |\n|---|---|\n| 2 | `x` |\n")


@pytest.mark.parametrize("form", ["jsx", "html"])
def test_a_site_whose_pages_markdownextradata_renders_keeps_a_buildable_page(tmp_path, form):
    """The JSX form would open `{{` in the page: both tables stay (HT009). The HTML form opens none: the plain table
    converts, the one whose cell holds `{{ product }}` stays (its value would land in raw HTML). Either way the
    site builds after fix and the page shows what it showed."""
    config = write_site(tmp_path, {"index.md": EXTRA_DATA_PAGE}, extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, "markdownextradata")
    config.write_text(config.read_text(encoding="utf-8") + "extra:\n  product: Radarr\n", encoding="utf-8")
    before = build_site(config, tmp_path / "before")
    assert ">Radarr</td>" in before.pages["index.html"] and "{{" not in before.pages["index.html"]
    code, fixed = run_cli(tmp_path, "fix", "--form", form, "docs")
    refused = [line.split(": ", 1)[0] for line in fixed if " HT009 " in line]
    assert code == 1 and refused == (["docs/index.md:5:1", "docs/index.md:9:1"] if form == "jsx"
                                     else ["docs/index.md:5:1"])
    assert {_refuser(line) for line in fixed if " HT009 " in line} == {"the site's markdownextradata plugin"}
    written = (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    assert "{{" not in written.replace("{{ product }}", "")
    assert (written == EXTRA_DATA_PAGE) is (form == "jsx")
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def test_a_data_file_markdownextradata_cannot_read_is_one_line_not_an_internal_error(tmp_path):
    """The build fails on it before any page; check reads the pages as written, and fix, which cannot verify a page
    through the plugin then, leaves its tables (HT009 giving the data's error in one line)."""
    page = LOOPED_PAGE + "\n| e | f |\n|---|---|\n| 7 | 8 |\n"
    write_site(tmp_path, {"index.md": page}, files={"_data/groups.yml": "- [unclosed\n"}, extensions=["attr_list"],
               snippets=False)
    _with_plugin_first(tmp_path / "mkdocs.yml", "markdownextradata")
    code, checked = check_site(tmp_path)
    assert code == 1 and checked[1] == ("docs/index.md:7:1: HT003 row has 1 cell but the header has 2: 1 empty cell "
                                        "added")
    code, fixed = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert code == 1 and ("docs/index.md:19:1: HT009 a hook or plugin of the site rewrites pages' Markdown "
                          "(on_page_markdown) and failed on this page here (PluginDataError: markdownextradata could "
                          "not read its data: ParserError: ") in "\n".join(fixed)
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == page


@pytest.mark.parametrize("front", ["", "---\nrender_macros: false\n---\n"])
def test_a_delimiter_two_template_plugins_read_is_named_for_both(tmp_path, front):
    """markdownextradata and the macros plugin with Jinja's delimiters both read `{{`: the JSX form stays, HT009
    naming both (a raw block would be the first one's: the second would read the house table), or markdownextradata
    alone on a page the macros plugin leaves (fix wrote the JSX there: markdownextradata failed the build on it)."""
    page = f"{front}# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    config = write_site(tmp_path, {"index.md": page}, extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, "macros")
    _with_plugin_first(config, "markdownextradata")
    before = build_site(config, tmp_path / "before")
    code, fixed = run_cli(tmp_path, "fix", "docs")
    who = "the site's markdownextradata plugin" if front else "the site's markdownextradata and macros plugins"
    assert code == 1 and [_refuser(line) for line in fixed if " HT009 " in line] == [who]
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == page
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def _refuser(finding: str) -> str:
    """Whom an HT009 finding about a template plugin names: "the site's markdownextradata plugin"."""
    return finding.split(" HT009 ", 1)[1].split(" would ", 1)[0]


# TRaSH-Guides/Guides pastes files of tables whose cells are `{{ radarr[...] }}` expressions (include-markdown, then
# a template plugin renders them): check reported each table at the pasted file's line, the build "from text a plugin
# or Markdown extension made at this line; no file holds it" at the page's including line (362 of its findings),
# because a rendered row no longer ended with the file's line.
PASTED_TEMPLATE = "## Part\n\n| a | b |\n|---|---|\n| 1 | {{ product }} and {{ product }} |\n| 2 | x |\n"


@pytest.mark.parametrize("template_plugin", ["macros", "markdownextradata"])
def test_a_pasted_table_whose_cells_a_template_plugin_renders_is_reported_at_its_file_s_line(tmp_path,
                                                                                            template_plugin):
    page = '# T\n\nIntro.\n\n{% include-markdown "../includes/part.md" %}\n\nEnd.\n'
    config = write_site(tmp_path, {"index.md": page}, files={"includes/part.md": PASTED_TEMPLATE},
                        extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, template_plugin)
    _with_plugin_first(config, "include-markdown")
    config.write_text(config.read_text(encoding="utf-8") + "extra:\n  product: Radarr\n", encoding="utf-8")
    built = build_site(config, tmp_path / "built")
    assert "Radarr and Radarr" in built.pages["index.html"]
    shown = [line.removeprefix("house_tables: ") for line in built.findings()]
    assert shown == ["includes/part.md:3:1: HT001 pipe table (2 columns, 2 rows) — the house style forbids Markdown "
                     "pipe tables"]
    assert [line for line in check_site(tmp_path, "docs", "includes")[1] if line.startswith("includes/")] == shown


# TRaSH-Guides' Guide-Sync/{radarr,sonarr}-cf-groups.md: markdownextradata renders a table's rows in a `{% for %}`
# loop over its data files (the macros plugin, `[[` delimiters, renders the pages after it). check read the template
# as written and reported the statement lines as rows (HT003) and the table's rows as the template's, the build the
# data's rows. Reduced, with a `[[% if %]]` line in another table for the macros plugin:
LOOPED_PAGE = ("# T\n\nThe {{ product }} guide.\n\n| Group | ID |\n| --- | --- |\n{% for cf in groups -%}\n"
               "| {{ cf['name'] }} | `{{ cf['id'] }}` |\n{% endfor %}\n\n| c | d |\n|---|---|\n| 1 | 2 |\n"
               "[[% if true -%]]\n| 3 | [[ 'x' ]] |\n[[% endif -%]]\n| 5 | 6 |\n")
MACROS_AFTER = {"macros": {"j2_block_start_string": "[[%", "j2_block_end_string": "%]]",
                           "j2_variable_start_string": "[[", "j2_variable_end_string": "]]"}}


@pytest.mark.parametrize("with_macros", [False, True])
def test_a_table_markdownextradata_loops_over_data_is_checked_as_built(tmp_path, with_macros):
    """check reads the page as markdownextradata renders it (its data files and `extra`: its statements' lines are
    gone, the loop's rows are the data's) and the macros plugin's statement lines as that leaves them: it reports
    what the build reports, and fix leaves the looped table, whose file holds no row the build shows."""
    files = {"_data/groups.yml": "- {name: Anime, id: a1}\n- {name: Audio, id: b2}\n- {name: HDR, id: c3}\n"}
    config = write_site(tmp_path, {"index.md": LOOPED_PAGE}, files=files, extensions=["attr_list"], snippets=False)
    if with_macros:
        _with_plugin_first(config, MACROS_AFTER)
    _with_plugin_first(config, "markdownextradata")
    config.write_text(config.read_text(encoding="utf-8") + "extra:\n  product: Radarr\n", encoding="utf-8")
    before = build_site(config, tmp_path / "before")
    shown = unstyled(before.pages["index.html"])
    assert "<td>Audio</td><td><code>b2</code></td>" in shown and "{%" not in shown
    built = [line.removeprefix("house_tables: ") for line in before.findings()]
    assert built[0] == ("docs/index.md:5:1: HT001 pipe table (2 columns, 3 rows) — the house style forbids Markdown "
                        "pipe tables")
    code, checked = check_site(tmp_path)
    assert code == 1 and [line for line in checked if line.startswith("docs/")] == built
    code, fixed = run_cli(tmp_path, "fix", "--form", "html", "docs")
    refused = [(line.split(": ", 1)[0], _refuser(line)) for line in fixed if " HT009 " in line]
    assert code == 1 and refused == [("docs/index.md:5:1", "the site's markdownextradata plugin"),
                                     *([("docs/index.md:11:1", "the site's macros plugin")] if with_macros else [])]
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == shown

# A template statement right above a pipe table (no blank line): as written the block is a paragraph, once the plugin
# has run the statement a table (and a loop's later rounds more tables, made at its closing line). The build and check
# reported each table's HT001; fix and --verify left them and said nothing of why.
STATEMENT_ABOVE = {
    "markdownextradata": ("# T\n\nText.\n\n{% for g in groups %}\n| a | b |\n|---|---|\n| {{ g.name }} | x |\n"
                          "{% endfor %}\n\n| c | d |\n|---|---|\n| 1 | 2 |\n"),
    "macros": "# T\n\nText.\n\n{% if true %}\n| a | b |\n|---|---|\n| {{ config.site_name }} | x |\n{% endif %}\n\n"
              "| c | d |\n|---|---|\n| 1 | 2 |\n"}
STATEMENT_REFUSALS = {
    "markdownextradata": [
        ("docs/index.md:6:1", "a template statement directly above the table (line 5: '{% for g in groups %}') "
                              "makes it a paragraph as written, which the build shows as a table once the site's "
                              "markdownextradata plugin has run the statement: put a blank line between them"),
        ("docs/index.md:9:1", "the site's markdownextradata plugin makes the tables reported at this line where the "
                              "'{%' statement on it runs (a loop's later rounds, a condition), and no lines of the "
                              "file hold them as shown: fix converts the tables a file holds")],
    "macros": [
        ("docs/index.md:6:1", "a template statement directly above the table (line 5: '{% if true %}') makes it a "
                              "paragraph as written, which the build shows as a table once the site's macros plugin "
                              "has run the statement: put a blank line between them")]}


@pytest.mark.parametrize("template_plugin", ["markdownextradata", "macros"])
def test_fix_says_why_it_leaves_a_table_a_statement_line_above_makes(tmp_path, template_plugin):
    """check and the build report the same tables at the same places; fix (writing) and check --verify keep the
    tables the statement makes and say why at each of them (HT009), convert the plain table, and the page shows the
    same after fix; fix's left findings are the build's after it, but for the HT009s only fix gives (one for the two
    tables a loop makes at its closing line)."""
    files = {"docs/_data/groups.yml": "- {name: Anime}\n- {name: Audio}\n- {name: HDR}\n"}
    config = write_site(tmp_path, {"index.md": STATEMENT_ABOVE[template_plugin]}, files=files,
                        extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, template_plugin)
    before = build_site(config, tmp_path / "before")
    built = [line.removeprefix("house_tables: ") for line in before.findings()]
    code, checked = run_cli(tmp_path, "check", "--no-cache", "docs")
    assert code == 1 and checked[:-1] == built
    assert [line.split(": ")[0] for line in built] == (["docs/index.md:6:1", "docs/index.md:9:1", "docs/index.md:9:1",
                                                         "docs/index.md:11:1"] if template_plugin == "markdownextradata"
                                                        else ["docs/index.md:6:1", "docs/index.md:11:1"])
    verified = run_cli(tmp_path, "check", "--no-cache", "--verify", "--form", "html", "docs")[1]
    code, fixed = run_cli(tmp_path, "fix", "--form", "html", "docs")
    for said in (verified, fixed):
        refused = [tuple(line.split(": HT009 ", 1)) for line in said if " HT009 " in line]
        assert refused == STATEMENT_REFUSALS[template_plugin]
    assert code == 1 and fixed[0] == "docs/index.md: 1 table, 4 cells verified"
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    left = [line for line in fixed[1:-1] if " HT009 " not in line]
    assert left == [line.removeprefix("house_tables: ") for line in after.findings()] == built[:-1]


# ultrabug/mkdocs-static-i18n's own docs (pubdocs14): the plugin builds each other language from its on_post_build,
# inside the first build; a page every language shows from one file (suffix structure, a fallback page) reported each
# finding once per language, where check reports it once.
I18N = {"i18n": {"docs_structure": "suffix", "languages": [{"locale": "en", "default": True, "name": "English"},
                                                           {"locale": "fr", "name": "Français"},
                                                           {"locale": "de", "name": "Deutsch"}]}}


def test_a_site_built_once_per_language_reports_each_finding_once(tmp_path):
    """Three languages, two English pages (the other languages fall back to them) and a French page of its own: the
    build's log says each finding once, the same lines as check; each language's pages still show the tables."""
    pages = {"index.md": "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
             "other.md": "# O\n\n| c | d |\n|---|---|\n| 3 | 4 | 5 |\n",
             "other.fr.md": "# O\n\ntexte\n\n| e | f |\n|---|---|\n| 5 | 6 |\n"}
    config = write_site(tmp_path, pages, extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, I18N)
    built = build_site(config, tmp_path / "site")
    assert {"fr/index.html", "de/other/index.html"} <= set(built.pages)
    assert "<td>6</td>" in unstyled(built.pages["fr/other/index.html"])
    assert "<td>4</td>" in unstyled(built.pages["de/other/index.html"])
    shown = [line.removeprefix("house_tables: ") for line in built.findings()]
    code, checked = check_site(tmp_path)
    assert code == 1 and len(shown) == 5 and sorted(shown) == checked[:-1]


# A footnote reference and an escaped pipe in cells: the JSX form, shown by MkDocs without the plugin, is raw HTML,
# so the reference is text ("1 [^n]") and the code shows two backslashes; the HTML form shows the page as before.
NO_PLUGIN_PAGE = "# T\n\n| a | b |\n|---|:-:|\n| 1 [^n] | `x\\|y` |\n| *e* | <b>z</b> |\n\n[^n]: note\n"
NOT_RENDERED = ("docs/index.md:3:1: HT009 the site's build shows no house JSX table: its configuration lists neither "
                "the house-tables plugin nor the house_tables extension")


def test_a_site_that_shows_no_house_table_gets_no_jsx_table(tmp_path):
    """fix wrote the JSX form into the pages of an MkDocs site that lists neither the plugin nor the extension,
    and said "6 cells verified" (its render has the extension): MkDocs then showed the JSX as raw HTML, a
    footnote reference as `[^n]`, styles broken. Now such a table stays, with HT009 saying why (check --verify says
    it in advance); `--form html`, which MkDocs shows without the plugin, converts and the built page is the same."""
    config = write_site(tmp_path, {"index.md": NO_PLUGIN_PAGE}, plugin=False, extensions=["footnotes"], snippets=False)
    before = build_site(config, tmp_path / "before")
    for command in (("check", "--verify"), ("fix",)):
        code, lines = run_cli(tmp_path, *command, "docs")
        assert (code, NOT_RENDERED in lines) == (1, True)
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == NO_PLUGIN_PAGE
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert (code, lines[0]) == (0, "docs/index.md: 1 table, 6 cells verified")
    after = build_site(config, tmp_path / "after")
    assert "<table style=" in after.pages["index.html"]
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


def test_a_disabled_plugin_shows_no_house_table_either(tmp_path):
    """`enabled: false` installs no extension: the same refusal. Enabled, the same page is converted."""
    for options, converted in (({"enabled": False}, False), ({"enabled": True}, True)):
        root = tmp_path / str(converted)
        write_site(root, {"index.md": NO_PLUGIN_PAGE}, plugin_options=options, extensions=["footnotes"],
                   snippets=False)
        code, lines = run_cli(root, "fix", "docs")
        assert (code, NOT_RENDERED in lines) == (int(not converted), not converted)
        assert (lines[0] == "docs/index.md: 1 table, 6 cells verified") == converted


# A repository's README.md beside mkdocs.yml (and a file under snippets/ no page includes): no page of the site shows
# them; GitHub and package indexes show them as written, where a house table loses its styles (its alignment).
OUTSIDE = "# Project\n\n| option | default |\n|:--|--:|\n| a | 1 |\n"


def test_a_file_outside_docs_dir_no_page_includes_keeps_its_tables(tmp_path):
    """`fix .` on a site's repository: README.md and an unused snippet stay as written (HT009 saying why); a snippet
    outside docs_dir that a page includes whole converts (verified in that page), as do the pages; the built site
    shows the same cells."""
    pages = {"index.md": '# Home\n\n--8<-- "table.md"\n\n| c | d |\n|---|---|\n| 3 | 4 |\n'}
    files = {"README.md": OUTSIDE, "snippets/table.md": OUTSIDE.replace("# Project", "Included."),
             "snippets/unused.md": OUTSIDE}
    config = write_site(tmp_path / "site", pages, files=files)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path / "site", "fix", ".")
    assert code == 1
    refusal = ("HT009 this file is outside the site's docs_dir and no page includes it: the site does not show it, "
               "and where it is read as it is (GitHub, a package index) a house table loses its styles, its columns' "
               "alignment among them")
    assert f"README.md:3:1: {refusal}" in lines
    assert f"snippets/unused.md:3:1: {refusal}" in lines
    for name in ("README.md", "snippets/unused.md"):
        assert (tmp_path / "site" / name).read_text(encoding="utf-8") == files[name]
    assert "<table style={{" in (tmp_path / "site" / "snippets" / "table.md").read_text(encoding="utf-8")
    assert "<table style={{" in (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8")
    after = build_site(config, tmp_path / "after")
    assert _every_cell(after) == _every_cell(before)
    assert run_cli(tmp_path / "site", "check", "--verify", "README.md")[1][:2] == [
        "README.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        f"README.md:3:1: {refusal}"]


# freqtrade/freqtrade's telegram-usage.md: `Separate multiple <trade_id> with a blank space.` in a cell. Python-Markdown
# writes `<trade_id>` as a tag (the reader sees no text there); a house <td> line reads it as text (no tag name has
# `_` to CommonMark), so the table stays, with HT009 -- whose message quoted the JSX and the original alike.
UNDERSCORE_TAG = "# T\n\n| a | b |\n|---|---|\n| x | Separate multiple <trade_id> with a blank space. |\n"


def test_a_cell_that_does_not_read_back_says_what_it_reads_back_as(tmp_path):
    """The HT009 said "JSX 'X' does not read back as 'X'", the same text twice; it names what the JSX reads back
    as now (the tag as text), the table is left as written, and the built page still shows the tag as a tag."""
    config = write_site(tmp_path / "site", {"index.md": UNDERSCORE_TAG}, snippets=False)
    code, lines = run_cli(tmp_path / "site", "fix", "docs")
    assert code == 1
    assert lines[1] == ("docs/index.md:5:7: HT009 cell 2 of row 1: JSX 'Separate multiple <trade_id> with a blank "
                        "space.</trade_id>' reads back as 'Separate multiple &lt;trade_id&gt; with a blank space."
                        "&lt;/trade_id&gt;', not as 'Separate multiple <trade_id> with a blank space.</trade_id>'")
    assert (tmp_path / "site" / "docs" / "index.md").read_text(encoding="utf-8") == UNDERSCORE_TAG
    built = build_site(config, tmp_path / "out")
    assert ">Separate multiple <trade_id> with a blank space.</td>" in built.pages["index.html"]


# marimo-team/marimo's docs/hooks.py prints a warning for every asset a page names that is missing (on_page_markdown);
# textual's superfences formatter prints "screenshotting ...". The command line runs such code as the build does.
PRINTING_HOOK = """def on_config(config):
    print("hook: on_config")


def on_page_markdown(markdown, page, **kwargs):
    print(f"hook: warning about {page.file.src_uri}")
    return markdown
"""


def test_what_the_sites_code_prints_does_not_reach_stdout(tmp_path):
    """A hook's print() went to stdout amid the findings: `check --format json` printed no JSON document (marimo:
    `json.loads` failed at the first character), and `fix --diff` printed lines no patch reads. What the site's code
    prints goes to stderr now, in the main process and in the workers (40 pages: a process pool)."""
    pages = {f"p{n:02}.md": f"# P{n}\n\n| a | b |\n|---|---|\n| {n} | x |\n" for n in range(40)}
    config = write_site(tmp_path / "site", pages, files={"hooks.py": PRINTING_HOOK}, snippets=False)
    config.write_text(config.read_text() + "hooks: [hooks.py]\n")
    checked = cli_process("check", "--no-cache", "--format", "json", "--jobs", "2", "docs", cwd=tmp_path / "site")
    assert checked.returncode == 1
    document = json.loads(checked.stdout)
    assert len(document["tables"]) == 40
    assert "hook: on_config" in checked.stderr and "hook: warning about p39.md" in checked.stderr
    diffed = cli_process("fix", "--diff", "docs", cwd=tmp_path / "site")
    assert diffed.returncode == 1 and "hook: warning about p00.md" in diffed.stderr
    assert "hook:" not in diffed.stdout and diffed.stdout.startswith("--- docs/p00.md\n")
    patched = subprocess.run(["patch", "-p0"], input=diffed.stdout, cwd=tmp_path / "site", capture_output=True,
                             text=True)
    assert patched.returncode == 0
    assert "<table style={{" in (tmp_path / "site" / "docs" / "p39.md").read_text(encoding="utf-8")


# freqtrade/freqtrade: configuration.md and plugins.md include docs/includes/pricing.md and protections.md whole, whose
# tables fix converts; there (with pymdown-extensions 11) and with the same table in two snippets (TWICE, with any
# version) the page reports such a table at its including line, its line in the included file not being certain.


def test_fix_does_not_report_a_snippet_table_it_converted_as_left(tmp_path):
    """fix read the including page while the snippets still held their pipe tables (it writes them after), and said
    `2 findings (2 pipe tables) left` at the including lines, exiting 1, where check then found nothing (freqtrade:
    4 pipe tables said to be left, 1 there). What fix says is left is what check --verify says of the files as
    written now."""
    config = write_site(tmp_path / "site", {"index.md": INCLUDES}, files=TWICE)
    before = build_site(config, tmp_path / "before")
    fixed = cli_process("fix", "docs", "snippets", cwd=tmp_path / "site")
    assert (fixed.returncode, fixed.stdout.splitlines()) == (0, [
        "snippets/one.md: 1 table, 4 cells verified", "snippets/two.md: 1 table, 4 cells verified",
        "2 files fixed (2 tables, 8 cells verified), 1 unchanged; no findings left in 3 files; configuration: "
        "mkdocs.yml"])
    assert cli_process("check", "--verify", "docs", "snippets", cwd=tmp_path / "site").returncode == 0
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# MobilityData/gtfs.org: `|1004|Metra|[William Ashbaugh <w.l.ashbaugh@gmail.com>](mailto:…)|`. Python-Markdown
# writes an email autolink's href as entities whose `&` is its AMP_SUBSTITUTE until the page is serialised, which
# MkDocs leaves alone by that character; fix's link marking read no scheme there.
EMAIL_CELL = ("# T\n\n| Who | Contact |\n|---|---|\n| Ann | <ann@example.com> |\n"
              "| Bob | [Bob <bob@example.com>](mailto:bob@example.com) |\n")


@pytest.mark.parametrize("form", ["jsx", "html"])
def test_a_table_with_an_email_autolink_is_converted(tmp_path, form):
    """fix refused such a table, "the page would change: before '<a href="mkdocs-resolves:mailto:ann@…', after
    '<a href="mailto:ann@…'", though MkDocs changes neither (gtfs.org: 1 table). Now it converts, and the site
    (built with the plugin for the JSX form, without it for the HTML form) shows the same page, links and text."""
    config = write_site(tmp_path, {"index.md": EMAIL_CELL}, extensions=["tables"], snippets=False,
                        plugin=form == "jsx")
    before = build_site(config, tmp_path / "before")
    assert 'href="&#109;&#97;&#105;&#108;' in before.pages["index.html"]  # `mailto:` as entities
    code, lines = run_cli(tmp_path, "fix", "--form", form, "docs")
    assert (code, lines[0]) == (0, "docs/index.md: 1 table, 6 cells verified")
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert after.search == before.search


# Kometa-Team/Kometa: templates pasted by include-markdown hold `<!--title-sub--><!--title-sub-->` lines.
# Python-Markdown stashes a comment that follows another on its line with the next raw HTML block: after fix, the
# house table.
PASTED_COMMENTS = ("# P\n\n{% include-markdown \"parts/part.md\" %}\n\n## H\n\n"
                   "| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n")


def test_a_house_table_stashed_after_a_comment_is_still_rendered(tmp_path):
    """The stash entry read `<!--a--><table style={{…}}>…`, no house table to the block processor: the built page
    showed the JSX source as raw HTML (`<table "100%",="" …>` in a browser, no house styles; Kometa: 12 pages), while
    fix's own render, which include-markdown does not paste into, had verified the page. Now the comments stay where
    Python-Markdown puts them and the table is rendered."""
    config = write_site(tmp_path, {"index.md": PASTED_COMMENTS, "parts/part.md": "<!--a--><!--a-->\n"},
                        extensions=["tables"], snippets=False)
    config.write_text(config.read_text().replace("- search\n", "- search\n- include-markdown\n"))
    before = build_site(config, tmp_path / "before")
    assert run_cli(tmp_path, "fix", "docs/index.md")[0] == 0
    after = build_site(config, tmp_path / "after")
    assert "style={{" not in after.pages["index.html"]
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert after.pages["index.html"].count("<!--a-->") == before.pages["index.html"].count("<!--a-->") == 2


# privacyguides/privacyguides.org: about/contributors.md includes includes/contributors.md (all-contributors' table,
# a `<tfoot>` in it) by a snippet whose base path is the site's directory, below a pipe table of its own. Reduced:
# a raw table that is no simple grid, one that drifts from the house style, in a snippet below a pipe table.
NOT_A_GRID = ("<table>\n  <tbody>\n    <tr>\n      <td>a</td>\n    </tr>\n  </tbody>\n  <tfoot>\n    <tr>\n"
              "      <td>b</td>\n    </tr>\n  </tfoot>\n</table>\n")
DRIFTING = "<table>\n  <thead>\n    <tr>\n      <th>a</th>\n    </tr>\n  </thead>\n</table>\n"


@pytest.mark.parametrize("shown", [NOT_A_GRID, DRIFTING], ids=["not-a-grid", "drifting"])
def test_hand_written_tables_from_a_snippet_are_found_by_check_and_fix_as_by_the_build(tmp_path, shown):
    """The build reviews every hand-written table of the page it reads, a snippet's too, and reported this one in
    the snippet's file (HT013 at includes/contributors.md:474:3); check and fix left out any table no line of the
    page's file holds, so they said nothing of it (privacyguides: check 15 findings, the build 16). Now the three say
    the same, at the snippet's lines; fix writes neither file (the snippet's table is not the page's to change), and
    the built page is the same after fix."""
    page = "# C\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n--8<-- \"includes/contributors.md\"\n"
    config = write_site(tmp_path, {"index.md": page}, files={"includes/contributors.md": shown},
                        extensions=[*EXTENSIONS, "pymdownx.snippets"], snippets=False)
    before = build_site(config, tmp_path / "before")
    shown_findings = [line.removeprefix("house_tables: ") for line in before.findings()
                      if line.startswith("house_tables: includes/")]
    assert shown_findings and all(" HT01" in line for line in shown_findings)
    checked = check_site(tmp_path)[1]
    assert [line for line in checked if line.startswith("includes/")] == shown_findings
    code, fixed = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and [line for line in fixed if line.startswith("includes/")] == shown_findings
    assert (tmp_path / "includes/contributors.md").read_text(encoding="utf-8") == shown
    after = build_site(config, tmp_path / "after")
    assert [line.removeprefix("house_tables: ") for line in after.findings()] == shown_findings
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert after.search == before.search


def test_a_page_whose_snippets_hold_no_table_is_not_rendered_by_check(tmp_path, monkeypatch):
    """check renders a page for its snippets' hand-written tables only when the text it read, snippets included,
    has a `<table`: rendering every page with a snippet line doubled check on Textualize/textual's docs (151 of
    290 pages; 2.4 -> 5.2 s)."""
    from house_tables.rendering import page as rendering_page

    page = "# C\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n--8<-- \"includes/part.md\"\n"
    write_site(tmp_path, {"index.md": page}, files={"includes/part.md": "Some *text*.\n"},
               extensions=[*EXTENSIONS, "pymdownx.snippets"], snippets=False)
    rendered = []
    original = rendering_page.house_table_tags
    monkeypatch.setattr(rendering_page, "house_table_tags", lambda *a, **k: rendered.append(1) or original(*a, **k))
    assert check_site(tmp_path)[0] == 1 and rendered == []
    (tmp_path / "includes/part.md").write_text(NOT_A_GRID, encoding="utf-8")
    assert check_site(tmp_path)[1][0].startswith("docs/index.md:3:1: HT001") and rendered == [1]


# aquasecurity/trivy: guide/coverage/language/c.md refers to a footnote in a pipe table's cell and again in a
# paragraph below it (elixir.md, python.md, configuration/filtering.md likewise). Python-Markdown numbers repeated
# references (`fnref:1`, `fnref2:1`) in its inline processor's breadth-first order: the paragraphs' before the cells'.
REPEATED_FOOTNOTES = ("# C\n\nSee[^1].\n\n| Manager | License |\n|---|---|\n| Conan | ✓[^1] and [^2] |\n"
                      "| *Pip[^1]* | ✓ |\n\nIn order to detect dependencies[^1].\n\n- a list[^2]\n\n"
                      "[^1]: The local cache.\n[^2]: Another.\n")


def test_a_footnote_referred_to_in_cells_and_paragraphs_keeps_its_reference_ids(tmp_path):
    """The house table's cells took their references before the inline processor ran (`fnref:1` for the first
    cell's, where the page had `fnref2:1`), so fix refused every such table (HT009 the page would change: 4 tables
    on trivy). Now they are numbered by the inline processor where it reaches them, the table converts, and the
    built page keeps every id and backlink."""
    config = write_site(tmp_path, {"index.md": REPEATED_FOOTNOTES}, snippets=False)
    before = build_site(config, tmp_path / "before")
    assert 'id="fnref3:1"' in before.pages["index.html"]
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert (code, lines[0]) == (0, "docs/index.md: 1 table, 6 cells verified")
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])
    assert after.search == before.search


# cloudnative-pg/cloudnative-pg (Docusaurus 3, `.md` read as MDX): its generated API reference has cells such as
# `Please refer to<br />https://kubernetes.io/…/<br />for more information.`; MDX (remark-gfm) ends a linked address
# at the `<` of the tag after it, as cmark-gfm does.
LINK_BEFORE_TAG = ("# T\n\n| field | description |\n|---|---|\n"
                   "| `resources` | Please refer to<br />https://example.com/docs/resources/<br />for more. |\n"
                   "| `site` | www.example.org/a.<br/>next and user@example.com<b>bold</b> |\n"
                   "| `logo` | ![the <b>logo</b>](logo.png) [x](https://example.com/ \"a <b>title</b>\") |\n")


def test_an_address_linked_right_before_a_tag_ends_at_the_tag(tmp_path, mdx_engine):
    """fix kept each JSX tag of a cell aside as a token while cmark-gfm rendered the cell, and GFM's linked address
    ran on through the token, so fix read the address, the tag and the next word as one link (its URL holding
    the token) and refused the table, "ours '…', the engine's '…'" (1 table of 166 on cloudnative-pg). Now it
    converts, and the page MDX compiles is the same before and after, links, alt texts and titles included."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text(LINK_BEFORE_TAG, encoding="utf-8")
    before = _mdx_page(mdx_engine, LINK_BEFORE_TAG)
    assert '<a href="https://example.com/docs/resources/">' in before and before.count("<a href") == 4
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert (code, lines[0]) == (0, "docs/index.md: 1 table, 8 cells verified")
    after = _mdx_page(mdx_engine, page.read_text(encoding="utf-8"))
    assert "<colgroup>" in after and _unstyled_mdx(after) == _unstyled_mdx(before)


# GFM links an address with `{…}` in it whole (`https://github.com/{owner}/{repo}`); MDX reads no expression inside
# it (nor inside a link's destination) and shows the braces, percent-encoded in the URL.
BRACES_IN_URLS = ("# T\n\n| a | b |\n|---|---|\n"
                  "| <b>x</b> | Clone https://github.com/{owner}/{repo}?a=1&b=%27x%27 first |\n"
                  "| `y` | See [the item](https://example.com/{id}) and user@example.com{1} |\n"
                  "| `z` | ![the logo](img/{name}.png) |\n\n"
                  "| c | d |\n|---|---|\n| `n` | see https://example.com/a[^1] b |\n\n[^1]: A note.\n")


def test_braces_in_a_linked_address_stay_in_its_url(tmp_path, mdx_engine):
    """cmark-gfm percent-encoded the token standing for `{owner}` in the URL, which was then never put back, so fix
    read a URL no page has and refused the table (HT009). Now an expression's token in a URL is put back as the
    engine encodes the braces: the table converts, and the page MDX compiles is the same before and after, URLs
    included. A footnote call after an address stays refused: MDX links `…/a[^1` and shows `]` as text."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "index.md"
    page.write_text(BRACES_IN_URLS, encoding="utf-8")
    before = _mdx_page(mdx_engine, BRACES_IN_URLS)
    assert 'href="https://github.com/%7Bowner%7D/%7Brepo%7D?a=1&amp;b=%27x%27"' in before
    assert 'href="https://example.com/%7Bid%7D"' in before and "user@example.com</a>1" in before
    assert 'src="img/%7Bname%7D.png"' in before and 'href="https://example.com/a%5B%5E1">' in before
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert (code, lines[0]) == (1, "docs/index.md: 1 table, 8 cells verified")
    assert [line.split(" cell ")[0] for line in lines[1:3]] == ["docs/index.md:30:1: HT001 pipe table (2 columns, "
                                                                "1 row) — the house style forbids Markdown pipe tables",
                                                                "docs/index.md:32:9: HT009"]
    after = _mdx_page(mdx_engine, page.read_text(encoding="utf-8"))
    assert after.count("<colgroup>") == 1 and _unstyled_mdx(after) == _unstyled_mdx(before)


# cloudnative-pg (versioned docs, before the two fixes above): 6 tables refused with "ours 'Resources requirements of
# every generated Pod. Please refer to<br /><a href="htt…', the engine's '<the same 80 characters>…'".
LATE_DIFFERENCE = ("# T\n\n| a | b |\n|---|---|\n| <b>n</b> | Resources requirements of every generated Pod, for more "
                   "information see https://example.com/a[^1] b |\n\n[^1]: A note.\n")


def test_a_cell_that_differs_late_is_shown_where_it_differs(tmp_path):
    """A cell fix reads otherwise than the engine was shown by its first 80 characters on both sides, alike when the
    difference came later: the user could not see it. Then both sides were shown around the first difference, as
    private-use tokens that differed by their numbers (`…/a%E2%9F%AC%EE%80%800…` against `…%802…`) where the user
    wrote `[^1]`. Now the message names the footnote call the address takes in, as written."""
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(LATE_DIFFERENCE, encoding="utf-8")
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and lines[1] == ("docs/index.md:5:14: HT009 cell 2 of row 1: '[^1]' is linked as part of the "
                                      "address before it ('…ation see <a href=\"https://example.com/a[^1]…'), where "
                                      "MDX ends the address inside it")


# TRaSH-Guides/Guides lists include-markdown beside the macros plugin (`[[` delimiters): check read no page through
# the macros plugin's view there, so a statement line in a pipe table was a row (HT003) the build never sees, in the
# page and in a file pasted into it. include-markdown pastes first (its on_page_markdown's priority is 100), then the
# macros plugin renders the page.
PASTING_PAGE = ("# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n[[% if true -%]]\n| 3 | [[ 'x' ]] |\n[[% endif -%]]\n"
                "| 5 | 6 |\n\n| c | d |\n|---|---|\n| 7 | 8 |\n\n" '{% include-markdown "../includes/part.md" %}\n')
PASTED_IF = "## P\n\n| e | f |\n|---|---|\n| 0 | z |\n[[% if true -%]]\n| 2 | y |\n[[% endif -%]]\n| 4 | w |\n"


def test_a_site_that_pastes_files_is_read_through_its_macros_plugin(tmp_path):
    """check reads the page (and the file pasted into it) as the build does: pasted, then rendered by the macros
    plugin, whose statement lines are no rows; --verify says why the table holding an expression stays (it said
    "shown only once include-markdown pastes files" of the page's own table), fix converts the plain one and what it
    says is left is what the build reports, and the page shows what it showed."""
    config = write_site(tmp_path, {"index.md": PASTING_PAGE}, files={"includes/part.md": PASTED_IF},
                        extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, MACROS_AFTER)
    _with_plugin_first(config, "include-markdown")
    before = build_site(config, tmp_path / "before")
    shown = unstyled(before.pages["index.html"])
    assert "<td>3</td><td>x</td>" in shown and "<td>2</td><td>y</td>" in shown and "[[" not in shown
    built = [line.removeprefix("house_tables: ") for line in before.findings()]
    assert [line.split(" HT")[0] for line in built] == ["docs/index.md:3:1:", "docs/index.md:11:1:",
                                                         "docs/index.md:16:1:"]
    code, checked = check_site(tmp_path)
    assert code == 1 and checked[:-1] == built
    code, verified = run_cli(tmp_path, "check", "--verify", "docs")
    assert [line.split(": ", 1)[0] + " " + _refuser(line) for line in verified if " HT009 " in line][:1] == [
        "docs/index.md:3:1 the site's macros plugin"]
    code, fixed = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert "docs/index.md: 1 table, 4 cells verified" in fixed
    after = build_site(config, tmp_path / "after")
    assert unstyled(after.pages["index.html"]) == shown
    left = [line.removeprefix("house_tables: ") for line in after.findings()]
    assert len(left) == 2 and check_site(tmp_path)[1][:-1] == left
    assert [line for line in fixed if " HT001 " in line or " HT003 " in line] == left


@pytest.mark.parametrize("rendered", [True, False])
def test_a_pasted_file_checked_on_its_own_is_read_as_the_pages_that_paste_it_show_it(tmp_path, rendered):
    """`check docs includes`: the pasted file lies outside docs_dir, where the macros plugin renders nothing of its
    own, and was read as written: its statement lines were rows (2 HT003) where the page that pastes it, rendered
    after the paste, shows none. Now it is read through the plugin's view when every page pasting it is rendered (its
    table of 3 rows, as shown), and as written when one is not (then the build shows those rows too), also by a
    cached check once the page opts out (the file's reading depends on that page: it is not cached)."""
    front = "" if rendered else "---\nrender_macros: false\n---\n"
    config = write_site(tmp_path, {"index.md": front + PASTING_PAGE}, files={"includes/part.md": PASTED_IF},
                        extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, MACROS_AFTER)
    _with_plugin_first(config, "include-markdown")
    built = [line.removeprefix("house_tables: ") for line in build_site(config, tmp_path / "built").findings()]
    checked = [line for line in run_cli(tmp_path, "check", "--no-cache", "docs", "includes")[1]
               if line.startswith("includes/")]
    shown = [line for line in built if line.startswith("includes/")]
    if rendered:
        assert shown == [] and not any(" HT003 " in line for line in built)
        assert checked == ["includes/part.md:3:1: HT001 pipe table (2 columns, 3 rows) — the house style forbids "
                           "Markdown pipe tables"]
        run_cli(tmp_path, "check", "docs", "includes")  # cached, then the page opts out: the file is read anew
        (tmp_path / "docs" / "index.md").write_text("---\nrender_macros: false\n---\n" + PASTING_PAGE, encoding="utf-8")
        again = run_cli(tmp_path, "check", "docs", "includes")[1]
        assert [line.split(": ")[1][:5] for line in again if line.startswith("includes/")] == ["HT001", "HT003",
                                                                                               "HT003"]
    else:
        assert [line.split(": ")[1][:5] for line in shown] == ["HT001", "HT003", "HT003"] and checked == shown


# The macros plugin and markdownextradata both render `{%` statements (Jinja's delimiters), each with its own options:
# the one listed first under `plugins:` renders them (MkDocs runs both at on_page_markdown, in that order), the other
# finds none left. With the macros plugin's `j2_trim_blocks` a statement's line is gone and the table goes on; with
# markdownextradata's defaults it is a blank line, which ends the table.
TRIMMED_PAGE = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n{% if true %}\n| 3 | {{ product }} |\n{% endif %}\n| 5 | 6 |\n"


@pytest.mark.parametrize(("first", "rows"), [("macros", 3), ("markdownextradata", 1)])
def test_the_two_jinja_plugins_are_read_in_the_order_the_site_lists_them(tmp_path, first, rows):
    """check read the macros plugin's view first whatever the order (3 rows where markdownextradata, listed first,
    leaves the table 1 row long in the build); now the plugins' readings follow `plugins:`, and check says what the
    build says in either order."""
    config = write_site(tmp_path, {"index.md": TRIMMED_PAGE}, extensions=["attr_list"], snippets=False)
    entries = [{"macros": {"j2_trim_blocks": True}}, "markdownextradata"]
    for entry in entries if first == "markdownextradata" else entries[::-1]:
        _with_plugin_first(config, entry)
    config.write_text(config.read_text(encoding="utf-8") + "extra:\n  product: Radarr\n", encoding="utf-8")
    built = [line.removeprefix("house_tables: ") for line in build_site(config, tmp_path / "built").findings()]
    assert built == [f"docs/index.md:3:1: HT001 pipe table (2 columns, {rows} row{'s' * (rows > 1)}) — the house "
                     "style forbids Markdown pipe tables"]
    code, checked = check_site(tmp_path)
    assert code == 1 and checked[:-1] == built


# TRaSH-Guides' cf-groups pages: a cell's `{% if %}…{% else %}…{% endif %}` after an image, where attr_list reads the
# `{% else %}` as the image's attributes in the HTML form (4 tables): HT009 called the statement an expression.
STATEMENT_CELL = "# T\n\n| a | b |\n| --- | --- |\n| 1 | {% if x %}![i](i.png){% else %}no{% endif %} |\n"


@pytest.mark.parametrize("template_plugin", ["macros", "markdownextradata"])
def test_a_statement_in_a_cell_is_called_a_statement(tmp_path, template_plugin):
    config = write_site(tmp_path, {"index.md": STATEMENT_CELL}, extensions=["attr_list"], snippets=False)
    _with_plugin_first(config, template_plugin)
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert code == 1 and lines[1] == (f"docs/index.md:3:1: HT009 the site's {template_plugin} plugin would run the "
                                      "'{%' statement in the pipe table, which the house table holds as text")
    assert (tmp_path / "docs" / "index.md").read_text(encoding="utf-8") == STATEMENT_CELL


# openai-agents-python: 56 tables inside `<div markdown="1">` blocks (md_in_html) stayed with "the page would change:
# before '…<table><thead>…', after '…<table "100%",=…'", which said neither why nor what converts them.
IN_HTML_BLOCK = ('# T\n\n<div markdown="1">\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n</div>\n\n| c | d |\n|---|---|\n'
                 "| 3 | 4 |\n")


def test_a_table_in_an_md_in_html_block_says_why_it_stays_and_what_converts_it(tmp_path):
    config = write_site(tmp_path, {"index.md": IN_HTML_BLOCK}, extensions=["md_in_html"], snippets=False)
    before = build_site(config, tmp_path / "before")
    code, lines = run_cli(tmp_path, "fix", "docs")
    assert code == 1 and lines[0] == "docs/index.md: 1 table, 4 cells verified"
    assert lines[2].startswith("docs/index.md:5:1: HT009 the table is inside an HTML block md_in_html reads as "
                               "Markdown (`<div markdown>`), where no house JSX table is rendered: `house-tables fix "
                               "--form html` converts it (the page would change: before '")
    code, lines = run_cli(tmp_path, "fix", "--form", "html", "docs")
    assert (code, lines[0]) == (0, "docs/index.md: 1 table, 4 cells verified")
    after = build_site(config, tmp_path / "after")
    assert after.findings() == [] and unstyled(after.pages["index.html"]) == unstyled(before.pages["index.html"])


# tasmota/docs indents some pipe tables by a space (`VEML6075.md`: ` | Command | Parameters |`); `fix --form html`
# keeps that indentation, and Python-Markdown still starts a raw HTML block at a `<table>` indented up to 3 blanks.
INDENTED_TABLES = ("# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\ntext\n\n | c | d |\n |---|---|\n | 3 | 4 |\n\n"
                   "text\n\n   | e | f |\n   |---|---|\n   | 5 | 6 |\n")


def test_an_html_house_table_indented_by_up_to_three_blanks_is_reviewed(tmp_path):
    """A raw HTML table whose `<table>` line is indented 1 to 3 blanks is a raw block all the same, but its stashed
    first line has lost those blanks, so it was found nowhere in the text: tasmota's tables that `fix --form html`
    wrote indented were no hand-written tables to check (567 of 575 counted), and a drifting one was neither
    reported nor normalised (by the build or by fix). Now each is reviewed where it is, as the unindented one."""
    config = write_site(tmp_path, {"index.md": INDENTED_TABLES}, snippets=False)
    page = tmp_path / "docs" / "index.md"
    assert run_cli(tmp_path, "fix", "--form", "html", "docs")[0] == 0
    assert [line[: len(line) - len(line.lstrip(" "))] for line in page.read_text(encoding="utf-8").splitlines()
            if line.lstrip().startswith("<table")] == ["", " ", "   "]
    code, lines = check_site(tmp_path)
    assert (code, lines[-1].split("; configuration")[0]) == (
        0, "no findings in 1 file; hand-written tables: 3 in the house style, 0 drifting, 0 left alone")
    fixed = build_site(config, tmp_path / "site-fixed")
    page.write_text(page.read_text(encoding="utf-8").replace('<col style="width: 50%">', '<col style="width: 40%">'),
                    encoding="utf-8")
    drifted = build_site(config, tmp_path / "site-drifted")
    widths = "HT011 <table> has column widths adding up to 80, not 100: widths 50%, 50% would be set"
    expected = sorted(f"docs/index.md:{place}: {widths}" for place in ("3:1", "24:2", "45:4"))
    assert sorted(line.split("house_tables: ", 1)[1] for line in drifted.findings()) == expected
    assert sorted(line for line in check_site(tmp_path)[1] if " HT0" in line) == expected
    assert drifted.pages["index.html"] == fixed.pages["index.html"]  # the build shows each one normalised
    assert run_cli(tmp_path, "fix", "docs")[0] == 0 and check_site(tmp_path)[0] == 0
    assert build_site(config, tmp_path / "site-again").pages["index.html"] == fixed.pages["index.html"]
