"""`house-tables lsp`, driven as a real process over stdio by pygls' client: check's findings, fix's edits,
hovers, configuration, positions that move with edits."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from lsprotocol import types
from test_public_sites import TAGGED_TABLES

from house_tables import cli
from house_tables.lsp import features

from lsp_client import (
    TIMEOUT,
    applied,
    as_check_prints,
    capabilities,
    check_json,
    edits_of,
    fixed,
    started,
    without_path,
    write,
)
from sites import write_site

TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"
SHORT_ROW = "| a | b |\n|---|---|\n| 1 |\n"
LOSES_CELLS = "| a | b |\n|---|---|\n| 1 | 2 | lost |\n"  # HT002 with text: fix keeps it (HT010)
NOT_JSX = "| type | example |\n|---|---|\n| generic | Map<K, V> |\n"  # HT009 in the JSX form
FINDINGS_PAGE = (f"# Title\n\n{TABLE}\n{SHORT_ROW}\n{LOSES_CELLS}\nSome text\n{TABLE}\n"
                 "| a | b | c |\n|---|---|\n| 1 | 2 |\n\n> | q | r |\n> |---|---|\n> | 👍 x | `c|d` |\n")
ROOT = Path(__file__).resolve().parents[1]
CONVERT_THIS = "Convert this table to the house style"
COLUMN_WIDTH = re.compile(r'<col style=\{\{width: "(\d+)%"')


@pytest.fixture(scope="module")
def editor():
    """One server for the module's tests (each test uses its own directory, so its own configuration)."""
    with started() as running:
        yield running


def action(actions: list[types.CodeAction], title: str) -> types.CodeAction:
    """The one action whose title starts with `title`."""
    chosen = [a for a in actions if a.title.startswith(title)]
    assert len(chosen) == 1, [a.title for a in actions]
    return chosen[0]


# ------------------------------------------------------------------ diagnostics


@pytest.mark.parametrize("name", ["page.md", "page.mdx"])
def test_diagnostics_are_checks_findings(editor, tmp_path, name):
    path = write(tmp_path / name, FINDINGS_PAGE)
    diagnostics = editor.open(path, FINDINGS_PAGE)
    expected = without_path(check_json(path))
    assert {item["code"] for item in expected} >= {"HT001", "HT002", "HT003"}
    assert as_check_prints(FINDINGS_PAGE, diagnostics) == expected
    assert all(d.source == "house-tables" and d.code_description.href.endswith("#diagnostics") for d in diagnostics)
    editor.close(path)


def test_ranges_are_exact_spans_in_utf16(editor, tmp_path):
    """HT001 covers the table (first character to last), a cell finding its cells; an emoji is two UTF-16 units."""
    text = "> | q | r |\n> |---|---|\n> | 👍 | x | lost |\n"
    path = write(tmp_path / "page.md", text)
    found = {d.code: d.range for d in editor.open(path, text)}
    last = text.splitlines()[2]
    assert found["HT001"] == types.Range(types.Position(0, 2), types.Position(2, len(last.encode("utf-16-le")) // 2))
    dropped = text.splitlines()[2].index("lost")  # code points; the emoji before it is one more UTF-16 unit
    assert found["HT002"] == types.Range(types.Position(2, dropped + 1), types.Position(2, dropped + 1 + len("lost")))
    editor.close(path)


def test_verify_and_cross_check_give_those_of_check(tmp_path):
    """`lsp --verify --cross-check`: HT009 for a table fix keeps, HT007 where the engines disagree, as check's."""
    with started("--verify", "--cross-check") as thorough:
        text = f"{NOT_JSX}\n| a | b |\n|---|---|\n| `x|y` | z |\n\n{TABLE}"
        path = write(tmp_path / "page.md", text)
        with thorough.opened(path, text) as diagnostics:
            expected = without_path(check_json(path, "--verify", "--cross-check"))
            assert {"HT007", "HT009"} <= {item["code"] for item in expected}
            assert as_check_prints(text, diagnostics) == expected


def test_levels_and_configuration_come_from_the_files_directory(editor, tmp_path):
    write(tmp_path / "pyproject.toml", '[tool.house-tables]\nlevel = "info"\nlevels = {HT003 = "ignore"}\n')
    path = write(tmp_path / "docs" / "page.md", f"{TABLE}\n{SHORT_ROW}")
    diagnostics = editor.open(path, f"{TABLE}\n{SHORT_ROW}")
    assert [d.code for d in diagnostics] == ["HT001", "HT001"]
    assert {d.severity for d in diagnostics} == {types.DiagnosticSeverity.Information}
    assert as_check_prints(f"{TABLE}\n{SHORT_ROW}", diagnostics) == without_path(check_json(path))
    editor.close(path)


def test_a_changed_configuration_file_checks_the_open_documents_again(tmp_path):
    """The server asks an editor that can watch files to report changes of configuration files; then every
    open document is checked again with the new settings."""
    with started(client_capabilities=capabilities(watch_files=True)) as watching:
        [registration] = until(lambda: watching.registrations)
        assert registration.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES
        assert {"**/mkdocs.yml", "**/pyproject.toml", "**/docusaurus.config.js"} <= set(
            re.findall(r"\*\*/[\w.]+", str(registration.register_options)))
        settings = write(tmp_path / "pyproject.toml", '[tool.house-tables]\nlevel = "info"\n')
        path = write(tmp_path / "page.md", TABLE)
        with watching.opened(path, TABLE) as before:
            assert [d.severity for d in before] == [types.DiagnosticSeverity.Information]
            write(settings, '[tool.house-tables]\nlevel = "error"\n')
            published = len(watching.published[path.as_uri()])
            watching.files_changed(settings)
            after = watching.diagnostics(path.as_uri(), 1, after=published)
            assert [d.severity for d in after] == [types.DiagnosticSeverity.Error]


def test_settings_are_read_again_when_a_configuration_file_changes(editor, tmp_path):
    """A hook of the site's mkdocs.yml counts its runs: the settings are read once, and again only after the
    configuration changed (here without the editor's file watching: at the next change of the page)."""
    runs = tmp_path / "runs"
    write(tmp_path / "hook.py", f"def on_config(config):\n    with open({str(runs)!r}, 'a') as f:\n"
          "        f.write('x')\n")
    site = write(tmp_path / "mkdocs.yml", "site_name: S\nhooks: [hook.py]\n")
    path = write(tmp_path / "docs" / "page.md", TABLE)
    with editor.opened(path, TABLE):
        for count in range(1, 4):
            editor.change(path, "\n" * count + TABLE)
        assert runs.read_text() == "x"
        write(site, "site_name: S\nhooks: [hook.py]\nplugins:\n  - house-tables:\n      level: info\n")
        [changed] = editor.change(path, TABLE)
        assert runs.read_text() == "xx" and changed.severity == types.DiagnosticSeverity.Information


def test_an_invalid_configuration_is_one_diagnostic_and_the_server_goes_on(editor, tmp_path):
    write(tmp_path / "bad" / "pyproject.toml", '[tool.house-tables]\ncolour = "red"\n')
    bad = write(tmp_path / "bad" / "page.md", TABLE)
    [diagnostic] = editor.open(bad, TABLE)
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert "unknown option 'colour'" in diagnostic.message and "\n" not in diagnostic.message
    good = write(tmp_path / "good" / "page.md", TABLE)
    assert [d.code for d in editor.open(good, TABLE)] == ["HT001"]
    editor.close(bad)
    editor.close(good)


# A server whose check fails on any document containing BREAK, as a bug in the scanner would.
BROKEN_SERVER = """
import sys
from house_tables.cli import main
from house_tables.lsp import server

def analyse(snapshot, *arguments):
    if "BREAK" in snapshot.text:
        raise RuntimeError("a bug")
    return checked(snapshot, *arguments)

checked, server.analyse = server.analyse, analyse
sys.argv[0] = "house-tables"
main()
"""


def test_a_failing_check_is_one_diagnostic_and_the_server_goes_on(tmp_path):
    with started(program=BROKEN_SERVER) as broken:
        bad = write(tmp_path / "bad.md", f"BREAK\n\n{TABLE}")
        [diagnostic] = broken.open(bad, f"BREAK\n\n{TABLE}")
        assert diagnostic.message == "house-tables: internal error (RuntimeError: a bug); please report it"
        assert broken.code_actions(bad, 2) == [] and broken.hover(bad, 2) is None
        good = write(tmp_path / "good.md", TABLE)
        assert [d.code for d in broken.open(good, TABLE)] == ["HT001"]
        assert [d.code for d in broken.change(bad, TABLE)] == ["HT001"]  # the same document, fixed


def test_positions_in_utf8_for_a_client_that_asks(tmp_path):
    """A client that counts bytes gets byte columns: "é" is two, "👍" four."""
    with started(client_capabilities=capabilities(encodings=("utf-8",))) as utf8:
        text = "| a | b |\n|---|---|\n| é | 👍 | lost |\n"
        path = write(tmp_path / "page.md", text)
        assert utf8.initialized.capabilities.position_encoding == "utf-8"
        found = {d.code: d.range for d in utf8.open(path, text)}
        row = text.splitlines()[2].encode()
        assert found["HT002"] == types.Range(types.Position(2, row.index(b"lost")), types.Position(2, len(row) - 2))
        assert found["HT001"].end == types.Position(2, len(row))
        assert row.index(b"lost") == text.splitlines()[2].index("lost") + 1 + 3  # bytes, not code points


def test_pages_the_site_excludes_and_other_files_get_no_diagnostics(editor, tmp_path):
    write(tmp_path / "mkdocs.yml", "site_name: S\nplugins:\n  - house-tables:\n      exclude: [legacy/*]\n")
    legacy = write(tmp_path / "docs" / "legacy" / "old.md", TABLE)
    notes = write(tmp_path / "notes.txt", TABLE)
    page = f"---\ntitle: New\n---\n\n{TABLE}"  # front matter, which MkDocs strips: positions still the file's
    kept = write(tmp_path / "docs" / "new.md", page)
    assert editor.open(legacy, TABLE) == [] and check_json(legacy) == []
    assert editor.open(notes, TABLE, "plaintext") == []
    found = editor.open(kept, page)
    assert as_check_prints(page, found) == without_path(check_json(kept))
    assert [(d.code, d.range.start.line) for d in found] == [("HT001", 4)]
    for path in (legacy, notes, kept):
        editor.close(path)


def test_a_page_the_macros_plugin_renders_is_read_as_the_build_reads_it(editor, tmp_path):
    """The server read such a page as written, as check did: a table right under a `{% raw %}` or `{% if %}` line
    was HT005 in the editor and a table in the build (test_public_sites' TAGGED_TABLES builds it for real)."""
    write(tmp_path / "mkdocs.yml", "site_name: S\nplugins:\n  - macros\n  - house-tables\n")
    path = write(tmp_path / "docs" / "index.md", TAGGED_TABLES)
    found = editor.open(path, TAGGED_TABLES)
    assert as_check_prints(TAGGED_TABLES, found) == without_path(check_json(path, "--no-cache"))
    assert [(d.code, d.range.start.line + 1) for d in found] == [("HT001", 4), ("HT001", 10), ("HT005", 16)]
    editor.close(path)


def test_a_table_a_snippet_includes_is_reported_with_its_file(tmp_path):
    """The snippet's table is check's finding in the snippet's file: shown at the top of the page, with that
    file's path, line and column, and a link to it (the server runs in the project, as `check` does)."""
    write(tmp_path / "mkdocs.yml", "site_name: S\nmarkdown_extensions:\n  - tables\n  - pymdownx.snippets:\n"
          "      base_path: [docs]\n")
    part = write(tmp_path / "docs" / "part.md", "Intro.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    text = '# Page\n\n--8<-- "part.md"\n\nEnd.\n'
    page = write(tmp_path / "docs" / "page.md", text)
    with started(cwd=tmp_path) as project, project.opened(page, text) as diagnostics:
        [expected] = check_json(page, cwd=tmp_path)
        [shown] = diagnostics
        assert (expected["path"], expected["line"], expected["code"]) == ("docs/part.md", 3, "HT001")
        assert shown.message == f"docs/part.md:3:1: {expected['message']}" and shown.code == "HT001"
        assert shown.range.start == types.Position(0, 0)
        [link] = shown.related_information
        assert link.location.uri == part.as_uri() and link.location.range.start == types.Position(2, 0)


def test_an_edit_moves_the_positions(editor, tmp_path):
    path = write(tmp_path / "page.md", f"# T\n\n{SHORT_ROW}")
    before = editor.open(path, f"# T\n\n{SHORT_ROW}")
    after = editor.change(path, f"# T\n\nOne.\n\nTwo.\n\n{SHORT_ROW}")
    assert [(d.code, d.range.start.line + 4, d.range.end.line + 4) for d in before] == \
        [(d.code, d.range.start.line, d.range.end.line) for d in after]
    editor.close(path)


def test_only_the_newest_version_is_published_after_quick_changes(editor, tmp_path):
    """Changes closer together than the debounce: the older versions are never checked."""
    path = write(tmp_path / "page.md", TABLE)
    editor.open(path, TABLE)
    for count in range(1, 6):
        editor.change(path, "\n" * count + TABLE, wait=False)
    last = editor.change(path, "\n" * 9 + TABLE)
    assert [d.range.start.line for d in last] == [9]
    published = [p.version for p in editor.published[path.as_uri()]]
    assert published[0] == 1 and published[-1] == 7 and len(published) < 7, published
    editor.close(path)


# ------------------------------------------------------------------ code actions


@pytest.mark.parametrize("name", ["page.md", "page.mdx"])
def test_convert_all_gives_exactly_fixs_output(editor, tmp_path, name):
    text = f"# T\r\n\r\n{TABLE}\n{NOT_JSX}\n- item\n\n    {TABLE.replace(chr(10), chr(10) + '    ')}\n{LOSES_CELLS}"
    path = write(tmp_path / name, text)
    editor.open(path, text)
    convert_all = action(editor.code_actions(path, 0, only=[types.CodeActionKind.SourceFixAll]), "Convert all")
    expected = fixed(path, text)
    assert expected != text
    assert applied(text, edits_of(convert_all, path.as_uri())) == expected
    editor.close(path)


def test_the_html_form_converts_as_fix_form_html(tmp_path):
    with started("--form", "html") as html:
        text = f"Intro.\n\n{TABLE}"
        path = write(tmp_path / "page.md", text)
        with html.opened(path, text):
            convert_all = action(html.code_actions(path, 2), "Convert all")
            converted = applied(text, edits_of(convert_all, path.as_uri()))
        assert converted == fixed(path, text, "--form", "html") != fixed(path, text)
        assert 'style="' in converted and "style={{" not in converted


def test_converting_table_by_table_ends_at_fixs_output(editor, tmp_path):
    """Each "Convert this table" edits only that table's lines; one after another they give fix's output."""
    text = f"Intro.\n\n{TABLE}\nMiddle.\n\n> | x | y |\n> |:--|--:|\n> | **1** | [l](u.md) |\n\nEnd.\n"
    path = write(tmp_path / "page.md", text)
    editor.open(path, text)
    current = text
    for header in ("| a | b |", "> | x | y |"):
        header_line = current.splitlines().index(header)  # the second moves down as the first grows
        chosen = action(editor.code_actions(path, header_line), CONVERT_THIS)
        [edit] = edits_of(chosen, path.as_uri())
        assert edit.range.start == types.Position(header_line, 0)
        current = applied(current, [edit])
        editor.change(path, current)
    assert current == fixed(path, text)
    editor.close(path)


DRIFTING = ('<table style={{width: "100%"}}>\n  <tr>\n    <th>Flag</th>\n    <th>What</th>\n  </tr>\n'
            '  <tr>\n    <td>`-v`</td>\n    <td>verbose</td>\n  </tr>\n</table>\n')


@pytest.mark.parametrize("name", ["page.mdx", "page.md"])
def test_normalise_this_house_table_gives_fixs_table_and_pipe_tables_below_still_convert(editor, tmp_path, name):
    """A hand-written table drifting from the house style: HT011/HT012 diagnostics as check's, "Normalise this
    house table" edits only its lines into fix's, and a pipe table below it (its lines moved by the normalised
    table's colgroup) converts to fix's output; the hover says what it is."""
    text = f"# T\n\n{DRIFTING}\n{TABLE}"
    path = write(tmp_path / name, text)
    diagnostics = editor.open(path, text)
    assert as_check_prints(text, diagnostics) == without_path(check_json(path))
    assert {d.code for d in diagnostics} == {"HT001", "HT011", "HT012"}
    normalise = action(editor.code_actions(path, 2), "Normalise this house table")
    [edit] = edits_of(normalise, path.as_uri())
    assert (edit.range.start.line, edit.range.end.line) == (2, 12)
    hover = editor.hover(path, 3).contents.value
    assert "Hand-written table, drifting from the house style" in hover and "Widths: 36% · 64%" in hover
    current = applied(text, [edit])
    editor.change(path, current)
    convert = action(editor.code_actions(path, current.splitlines().index("| a | b |")), CONVERT_THIS)
    assert applied(current, edits_of(convert, path.as_uri())) == fixed(path, text)
    editor.close(path)


@pytest.mark.parametrize(("table", "code"), [(LOSES_CELLS, "HT010"), (NOT_JSX, "HT009")])
def test_a_table_fix_keeps_offers_a_disabled_conversion_saying_why(editor, tmp_path, table, code):
    path = write(tmp_path / "page.md", table)
    editor.open(path, table)
    convert = action(editor.code_actions(path, 1), CONVERT_THIS)
    assert convert.edit is None and convert.disabled.reason.startswith(f"not converted: {code} ")
    editor.close(path)


def test_a_client_without_disabled_actions_gets_none(tmp_path):
    """The protocol: a server sends `disabled` only to a client that can show it."""
    with started(client_capabilities=capabilities(disabled_support=False, document_changes=False)) as plain:
        path = write(tmp_path / "page.md", LOSES_CELLS + "\n" + TABLE)
        plain.open(path, LOSES_CELLS + "\n" + TABLE)
        titles = [a.title for a in plain.code_actions(path, 1)]
        assert not any(t.startswith(CONVERT_THIS) for t in titles) and any(t.startswith("Leave") for t in titles)
        convert_all = action(plain.code_actions(path, 0), "Convert all")
        assert list(convert_all.edit.changes) == [path.as_uri()]  # no versioned edits for this client


@pytest.mark.parametrize(("name", "text", "directive"), [
    ("page.md", f"Intro.\n\n{TABLE}", "<!-- house-tables: off -->"),
    ("page.mdx", f"Intro.\n\n{TABLE}", "{/* house-tables: off */}"),
    ("page.md", "> Quote.\n>\n> | a | b |\n> |---|---|\n> | 1 | 2 |\n", "> <!-- house-tables: off -->"),
])
def test_leave_this_table_alone_inserts_the_off_directive(editor, tmp_path, name, text, directive):
    path = write(tmp_path / name, text)
    before = editor.open(path, text)
    assert [d.code for d in before] == ["HT001"]
    leave = action(editor.code_actions(path, 2), "Leave this table alone")
    edited = applied(text, edits_of(leave, path.as_uri()))
    assert directive in edited.splitlines()
    assert editor.change(path, edited) == [] and check_json(write(path, edited)) == []
    assert fixed(path, edited) == edited  # fix leaves it alone too
    editor.close(path)


def test_quick_fixes_name_the_diagnostics_of_their_table(editor, tmp_path):
    text = f"{TABLE}\n{SHORT_ROW}"
    path = write(tmp_path / "page.md", text)
    with editor.opened(path, text) as diagnostics:
        second = [d for d in diagnostics if d.range.start.line >= 4]
        assert sorted(d.code for d in second) == ["HT001", "HT003"]
        actions = editor.code_actions(path, 4, shown=diagnostics)
        assert [list(a.diagnostics) for a in actions if a.kind == types.CodeActionKind.QuickFix] == [second, second]


def test_a_change_stops_the_conversion_of_the_version_before(tmp_path):
    """Code actions asked for a large page (its conversion takes seconds, in a process of its own), then a
    change: that process is ended (a finished conversion would leave it waiting for the next), the old request
    gets no actions (no edits for a text the editor no longer has), and the new version's come. A server of its
    own: its conversion process starts with this conversion, so its appearing means the conversion is under way."""
    rows = "".join(f"| `opt-{i}` | **{i}** |\n" for i in range(2000))
    large = f"| name | value |\n|---|---|\n{rows}"
    path = write(tmp_path / "page.md", large)
    with started() as fresh, fresh.opened(path, large):
        old = fresh.code_actions_later(path, 0)
        converting = until(fresh.conversion_processes)
        fresh.change(path, TABLE, wait=False)
        until(lambda: not converting & fresh.conversion_processes())
        assert old.result(TIMEOUT) is None
        assert next(a.title for a in fresh.code_actions(path, 0)) == CONVERT_THIS


def until(condition):
    """Poll a condition until it holds (within the client's timeout); its value."""
    deadline = time.monotonic() + TIMEOUT
    while not (value := condition()):
        assert time.monotonic() < deadline, "the condition never held"
        time.sleep(0.02)
    return value


def test_no_actions_outside_tables_but_convert_all(editor, tmp_path):
    text = f"Intro.\n\n{TABLE}"
    path = write(tmp_path / "page.md", text)
    editor.open(path, text)
    assert [a.title for a in editor.code_actions(path, 0)] == [
        "Convert all tables in this file to the house style (1 of 1)"]
    editor.close(path)


# ------------------------------------------------------------------ hover


def test_hover_shows_shape_dialect_and_widths(editor, tmp_path):
    text = f"<!-- house-tables: widths=30,70 -->\n{TABLE}\n{LOSES_CELLS}"
    path = write(tmp_path / "page.md", text)
    editor.open(path, text)
    hover = editor.hover(path, 2, 3)
    assert hover.range == types.Range(types.Position(1, 0), types.Position(4, 0))
    assert "2 columns, 1 row" in hover.contents.value and "python-markdown" in hover.contents.value
    assert "Widths: 30% · 70%" in hover.contents.value
    widths = COLUMN_WIDTH.findall(fixed(path, text))
    assert widths == ["30", "70"]
    kept = editor.hover(path, 6).contents.value
    assert "Not converted: HT010" in kept and "Widths" not in kept
    assert editor.hover(path, 4) is None  # the blank line between the tables
    editor.close(path)


def test_hover_on_an_mdx_table_gives_its_content_widths(editor, tmp_path):
    text = "| name | a long description of the thing |\n|---|---|\n| x | y |\n"
    path = write(tmp_path / "page.mdx", text)
    editor.open(path, text)
    value = editor.hover(path, 0).contents.value
    shown = re.search(r"Widths: (.*)", value).group(1)
    assert "read as mdx" in value
    assert shown.split(" · ") == [f"{w}%" for w in COLUMN_WIDTH.findall(fixed(path, text))]
    editor.close(path)


def test_the_command_line_names_the_subcommand(capsys):
    assert cli.run(["lsp", "--help"]) == 0
    assert "--form" in capsys.readouterr().out


def test_the_documentation_names_what_the_server_serves():
    """The codes link goes to the README's table of codes; docs/lsp.md names the fix-all kind editors configure."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert features.CODES_URL.endswith("#diagnostics") and "\n## Diagnostics\n" in readme
    assert "| HT001 |" in readme.split("## Diagnostics", 1)[1]
    guide = (ROOT / "docs" / "lsp.md").read_text(encoding="utf-8")
    assert features.CONVERT_ALL in guide and "](docs/lsp.md)" in readme


def test_a_page_docusaurus_reads_as_commonmark_offers_no_jsx_conversion(editor, tmp_path):
    """What fix keeps, the editor does not convert: a `.md` page under Docusaurus' markdown.format 'detect' (where a
    JSX table is no table) gets a disabled conversion saying why; the same table in `.mdx` is converted."""
    write(tmp_path / "docusaurus.config.js", "export default {title: 'x', markdown: {format: 'detect'}};\n")
    for name, converts in (("page.md", False), ("page.mdx", True)):
        path = write(tmp_path / name, TABLE)
        editor.open(path, TABLE)
        convert = action(editor.code_actions(path, 1), CONVERT_THIS)
        if converts:
            assert applied(TABLE, edits_of(convert, path.as_uri())) == fixed(path, TABLE)
        else:
            assert convert.edit is None
            assert convert.disabled.reason.startswith("not converted: HT009 Docusaurus reads this page as CommonMark")
        editor.close(path)


def test_a_page_saved_with_an_inline_include_stops_the_conversion_of_the_file_it_pastes(editor, tmp_path):
    """How pages include files was read once per process: after index.md was edited to paste part.md inline (where a
    house table shows as text), the editor still offered to convert part.md's table. A saved page has them read
    again, and the open documents checked again."""
    config = write_site(tmp_path, {"index.md": '# I\n\n{% include-markdown "part.md" %}\n', "part.md": TABLE},
                        extensions=["admonition"], snippets=False)
    config.write_text(config.read_text(encoding="utf-8").replace("plugins:\n", "plugins:\n- include-markdown\n"),
                      encoding="utf-8")
    part = tmp_path / "docs" / "part.md"
    editor.open(part, TABLE)
    assert action(editor.code_actions(part, 1), CONVERT_THIS).edit is not None
    index = write(tmp_path / "docs" / "index.md", '# I\n\nSee {% include-markdown "part.md" %}\n')
    editor.open(index, index.read_text(encoding="utf-8"))
    editor.save(index)
    convert = action(editor.code_actions(part, 1), CONVERT_THIS)
    assert convert.edit is None
    assert convert.disabled.reason.startswith("not converted: HT009 ")
    assert "docs/index.md:3 includes this file inline" in convert.disabled.reason
    editor.close(index)
    editor.close(part)


def test_a_page_docusaurus_reads_as_commonmark_has_the_compilers_tables(editor, tmp_path, mdx_engine):
    """The editor reads a page Docusaurus reads as CommonMark as check does: no table in indented code or in a
    `<div>` HTML block, a table under a line MDX would read as an expression; HT001 at exactly the tables MDX
    compiling the page with format 'md' finds (a `.md` page under markdown.format 'detect')."""
    write(tmp_path / "docusaurus.config.js", "export default {title: 'x', markdown: {format: 'detect'}};\n")
    text = "    | a |\n    |---|\n\n<div>\n| b |\n|---|\n</div>\n\n{\n| c |\n|---|\n}\n"
    path = write(tmp_path / "page.md", text)
    found = sorted(d.range.start.line + 1 for d in editor.open(path, text) if d.code == "HT001")
    assert found == [table["lines"][0] for table in mdx_engine.tables(text, form="md")] == [10]
    editor.close(path)
