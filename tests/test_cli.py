"""The command line: `house-tables check|fix`, through run(argv) and as a real process."""

from __future__ import annotations

import difflib
import io
import json
import os
import re
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from house_tables import cli, files, report
from house_tables import convert as convert_module
from house_tables.codes import CODES

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "tests" / "fixtures" / "seed" / "kimi-k3-tables.mdx"
TABLE = "| a | b |\n|---|---|\n| 1 | 2 |\n"
PAGE = f"# Title\n\n{TABLE}\nAfter.\n"
SHORT_ROW = "| a | b |\n|---|---|\n| 1 |\n"
LOSES_CELLS = "| a | b |\n|---|---|\n| 1 | 2 | lost |\n"  # HT002 with text: fix must leave it (HT010)
NOT_JSX = "| type | example |\n|---|---|\n| generic | Map<K, V> |\n"  # HT009 in the JSX form only
AFTER_TEXT = f"Some text\n{TABLE}"  # MDX reads a table, Python-Markdown does not (HT005)
TEMP_NAME = re.compile(r"^\..+\.house-tables-tmp$")


def cli_run(capsys, *argv: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of run(argv)."""
    code = cli.run(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cli_process(*argv: str, cwd: Path, env: dict | None = None, prefix: tuple[str, ...] = (), **kwargs):
    """`python -m house_tables ...` as a real process (PYTHONPATH=plugin)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    command = [*prefix, sys.executable, "-m", "house_tables", *argv]
    return subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=120, **kwargs)


def write(path: Path, text: str | bytes) -> Path:
    """Create a file (and its directories) with exactly these bytes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def diff_counts(diff: str) -> tuple[int, int]:
    """Lines added and removed by a unified diff."""
    lines = diff.splitlines()
    added = sum(1 for line in lines if line.startswith("+") and not line.startswith("+++"))
    removed = sum(1 for line in lines if line.startswith("-") and not line.startswith("---"))
    return added, removed


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A scratch directory that is also the current directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------ check: text output, exit codes


def test_check_reports_every_table_and_diagnostic_with_positions(here, capsys):
    """`path:line:col: HTnnn message` per finding, then a one-line summary; findings exit 1."""
    write(here / "docs" / "a.md", PAGE + "\n" + SHORT_ROW)
    code, out, err = cli_run(capsys, "check", "docs")
    assert code == 1 and err == ""
    assert out.splitlines() == [
        "docs/a.md:3:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        "docs/a.md:9:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        "docs/a.md:11:1: HT003 row has 1 cell but the header has 2: 1 empty cell added",
        "3 findings (2 pipe tables) in 1 file; configuration: defaults",
    ]


def test_check_clean_exits_0(here, capsys):
    """No tables, no findings: exit 0 and a summary."""
    write(here / "a.md", "# Just text\n")
    assert cli_run(capsys, "check", "a.md") == (0, "no findings in 1 file; configuration: defaults\n", "")


def test_paths_are_shown_as_given(here, capsys):
    """Relative paths stay relative; an absolute path stays absolute."""
    write(here / "docs" / "a.md", TABLE)
    _, out, _ = cli_run(capsys, "check", "./docs/a.md")
    assert out.startswith("docs/a.md:1:1: HT001")
    _, out, _ = cli_run(capsys, "check", str(here / "docs"))
    assert out.startswith(f"{here / 'docs' / 'a.md'}:1:1: HT001")


@pytest.mark.parametrize("argv", [[], ["check"], ["lint", "a.md"], ["check", "--format", "xml", "a.md"],
                                  ["fix", "--diff", "--format", "json", "a.md"], ["check", "--bogus", "a.md"]])
def test_usage_errors_exit_2(here, capsys, argv):
    """A bad command line exits 2 with a message, never a traceback."""
    write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, *argv)
    assert code == 2 and out == "" and err and "Traceback" not in err


def test_help_and_version_exit_0(capsys):
    """--help and --version are not errors."""
    assert cli_run(capsys, "--help")[0] == 0
    code, out, _ = cli_run(capsys, "--version")
    assert code == 0 and out.strip() == "house-tables 0.1.0"


def test_missing_path_is_reported_and_others_still_checked(here, capsys):
    """A path that does not exist: `path: reason` on stderr, exit 2, the other files still reported."""
    write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "check", "missing.md", "a.md")
    assert code == 2
    assert err == "missing.md: no such file or directory\n"
    assert out.startswith("a.md:1:1: HT001") and "1 path could not be read" in out


def test_off_directive_silences_the_table(here, capsys):
    """`<!-- house-tables: off -->` keeps a table on purpose: check is clean, fix leaves it."""
    page = write(here / "a.md", f"<!-- house-tables: off -->\n{TABLE}")
    assert cli_run(capsys, "check", "a.md")[0] == 0
    assert cli_run(capsys, "fix", "a.md")[0] == 0
    assert page.read_text(encoding="utf-8") == f"<!-- house-tables: off -->\n{TABLE}"


def test_check_reports_what_fix_cannot_convert(here, capsys):
    """Check predicts fix: a table that would lose cells is reported with HT010 as well."""
    write(here / "a.md", LOSES_CELLS)
    code, out, _ = cli_run(capsys, "check", "a.md")
    assert code == 1
    assert [line.split()[1] for line in out.splitlines()[:-1]] == ["HT001", "HT010", "HT002"]


# ------------------------------------------------------------------ check: formats


def test_json_format(here, capsys):
    """`tables` with path, first/last line, columns, body rows, dialect; `diagnostics` with the finding fields."""
    write(here / "a.md", PAGE + "\n" + SHORT_ROW)
    write(here / "b.mdx", AFTER_TEXT)
    code, out, err = cli_run(capsys, "check", "--format", "json", "a.md", "b.mdx")
    assert code == 1 and err == ""
    document = json.loads(out)
    assert document["tables"] == [
        {"path": "a.md", "line": 3, "end_line": 5, "columns": 2, "rows": 1, "dialect": "python-markdown"},
        {"path": "a.md", "line": 9, "end_line": 11, "columns": 2, "rows": 1, "dialect": "python-markdown"},
        {"path": "b.mdx", "line": 2, "end_line": 4, "columns": 2, "rows": 1, "dialect": "mdx"},
    ]
    assert document["diagnostics"][2] == {
        "path": "a.md", "line": 11, "column": 1, "code": "HT003", "severity": "warning",
        "message": "row has 1 cell but the header has 2: 1 empty cell added",
    }
    assert all(set(d) == {"path", "line", "column", "code", "severity", "message"} for d in document["diagnostics"])
    assert document["errors"] == []


def test_json_format_lists_unreadable_files(here, capsys):
    """Machine formats keep stdout for the document; unreadable files are in it and on stderr."""
    write(here / "bad.md", b"\xff\xfe| a |\n")
    code, out, err = cli_run(capsys, "check", "--format", "json", "bad.md")
    assert code == 2
    assert json.loads(out)["errors"] == [
        {"path": "bad.md", "line": 1, "column": 1, "message": "not valid UTF-8 (invalid start byte: byte 0xff)"}]
    assert err == "bad.md:1:1: not valid UTF-8 (invalid start byte: byte 0xff)\n"


# Not UTF-8 on line 5, after a BOM, CRLF and a lone CR, and characters of two and three bytes on its line: the
# column counts the characters before the byte (`| é€ | b`), as findings count.
UNDECODABLE = (b"\xef\xbb\xbf# T\r\n\r" + TABLE.encode().replace(b"| 1 | 2 |", b"| \xc3\xa9\xe2\x82\xac | b\xff |"),
               5, 9, "invalid start byte: byte 0xff")
TRUNCATED = (b"| a |\n|---|\n| \xe2\x82", 3, 3, "unexpected end of data: byte 0xe2")  # a character cut short


@pytest.mark.parametrize("case", [UNDECODABLE, TRUNCATED])
@pytest.mark.parametrize("suffix", [".md", ".mdx"])
@pytest.mark.parametrize("command", ["check", "fix"])
def test_a_file_that_is_not_utf8_is_reported_at_its_line_and_column(here, capsys, case, suffix, command):
    """The first byte that is not UTF-8 is reported at file:line:col, as findings are (text, JSON, GitHub), in
    check and fix, for .md and .mdx; the file is left byte for byte and the other file is processed."""
    data, line, column, why = case
    bad, good = write(here / f"bad{suffix}", data), write(here / f"good{suffix}", TABLE)
    code, out, err = cli_run(capsys, command, ".")
    assert code == 2 and bad.read_bytes() == data
    assert err == f"bad{suffix}:{line}:{column}: not valid UTF-8 ({why})\n"
    assert ("<table" in good.read_text(encoding="utf-8")) is (command == "fix")
    code, out, err = cli_run(capsys, command, "--format", "json", f"bad{suffix}")
    assert json.loads(out)["errors"] == [
        {"path": f"bad{suffix}", "line": line, "column": column, "message": f"not valid UTF-8 ({why})"}]
    code, out, _ = cli_run(capsys, command, "--format", "github", f"bad{suffix}")
    assert out.splitlines()[0] == (f"::error file=bad{suffix},line={line},col={column},title=house-tables::"
                                   f"not valid UTF-8 ({why})")


def test_a_configuration_file_that_is_not_utf8_is_reported_at_its_line_and_column(here, capsys):
    """The options file's first byte that is not UTF-8: `path:line:col: cannot read: ...`, in text and JSON."""
    write(here / ".house-tables.toml", b'style = "plain"\n# caf\xe9\n')
    write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "check", "--format", "json", "a.md")
    assert code == 2
    assert err == ".house-tables.toml:2:6: cannot read: not valid UTF-8 (invalid continuation byte: byte 0xe9)\n"
    assert json.loads(out)["errors"] == [{"path": ".house-tables.toml", "line": 2, "column": 6,
                                          "message": "cannot read: not valid UTF-8 (invalid continuation byte: "
                                                     "byte 0xe9)"}]


def test_github_format(here, capsys):
    """Workflow annotations with file, line, col and title; properties escaped (`,` and `:` in the name)."""
    write(here / "x,y:z.md", SHORT_ROW)
    code, out, _ = cli_run(capsys, "check", "--format", "github", "x,y:z.md")
    assert code == 1
    assert out.splitlines() == [
        "::warning file=x%2Cy%3Az.md,line=1,col=1,title=HT001 pipe-table::"
        "pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        "::warning file=x%2Cy%3Az.md,line=3,col=1,title=HT003 row-too-short::"
        "row has 1 cell but the header has 2: 1 empty cell added",
        "2 findings (1 pipe table) in 1 file; configuration: defaults",
    ]


def test_github_format_errors_and_severities(here, capsys):
    """An unreadable file is an ::error annotation; error-severity codes are ::error too."""
    write(here / "bad.md", b"\xff")
    write(here / "a.md", "<!-- house-tables: widths=oops -->\n" + TABLE)
    code, out, _ = cli_run(capsys, "check", "--format", "github", "bad.md", "a.md")
    assert code == 2
    assert "::error file=bad.md,line=1,col=1,title=house-tables::not valid UTF-8" in out
    assert "::error file=a.md,line=1,col=1,title=HT008 bad-directive::" in out


def test_github_escaping():
    """GitHub's rules: % CR LF in data; also : and , in properties."""
    assert report.escape_data("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b"
    assert report.escape_property("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext%3A a%2C b"


def validate_sarif(log: dict) -> None:
    """The required properties and enumerations of the SARIF 2.1.0 schema, for every object we emit."""
    assert log["version"] == "2.1.0" and isinstance(log["runs"], list) and log["runs"]
    assert log["$schema"].startswith("https://")
    levels = {"none", "note", "warning", "error"}
    for sarif_run in log["runs"]:
        driver = sarif_run["tool"]["driver"]
        assert isinstance(driver["name"], str) and driver["name"]
        rules = driver["rules"]
        for rule in rules:
            assert isinstance(rule["id"], str) and rule["id"]
            assert isinstance(rule["shortDescription"]["text"], str)
            assert rule["defaultConfiguration"]["level"] in levels
        assert len({rule["id"] for rule in rules}) == len(rules)
        assert sarif_run.get("columnKind", "utf16CodeUnits") in {"utf16CodeUnits", "unicodeCodePoints"}
        for base in sarif_run.get("originalUriBaseIds", {}).values():
            assert base["uri"].endswith("/")
        for invocation in sarif_run.get("invocations", []):
            assert isinstance(invocation["executionSuccessful"], bool)
            for note in invocation.get("toolExecutionNotifications", []):
                assert isinstance(note["message"]["text"], str) and note.get("level", "warning") in levels
        for result in sarif_run["results"]:
            assert isinstance(result["message"]["text"], str)
            assert result["level"] in levels
            assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
            for location in result["locations"]:
                physical = location["physicalLocation"]
                assert isinstance(physical["artifactLocation"]["uri"], str)
                region = physical["region"]
                assert region["startLine"] >= 1 and region["startColumn"] >= 1
                assert region["endLine"] >= region["startLine"] and region["endColumn"] >= 1


def test_sarif_format(here, capsys):
    """Valid SARIF 2.1.0: rule metadata for every code, one result per finding, exclusive end columns."""
    write(here / "docs" / "a b.md", SHORT_ROW)
    code, out, err = cli_run(capsys, "check", "--format", "sarif", "docs")
    assert code == 1 and err == ""
    log = json.loads(out)
    validate_sarif(log)
    sarif_run = log["runs"][0]
    assert [rule["id"] for rule in sarif_run["tool"]["driver"]["rules"]] == list(CODES)
    assert [rule["name"] for rule in sarif_run["tool"]["driver"]["rules"]] == [c.name for c in CODES.values()]
    assert [r["ruleId"] for r in sarif_run["results"]] == ["HT001", "HT003"]
    first = sarif_run["results"][0]["locations"][0]["physicalLocation"]
    assert first["artifactLocation"] == {"uri": "docs/a%20b.md", "uriBaseId": "SRCROOT"}
    assert first["region"] == {"startLine": 1, "startColumn": 1, "endLine": 3, "endColumn": 6}  # "| 1 |" ends at 5
    assert sarif_run["invocations"][0]["executionSuccessful"] is True


def test_sarif_reports_unreadable_files_as_notifications(here, capsys):
    """A file that cannot be read makes the invocation unsuccessful, with a notification naming it."""
    write(here / "bad.md", b"\xc3")
    code, out, _ = cli_run(capsys, "check", "--format", "sarif", "bad.md")
    log = json.loads(out)
    validate_sarif(log)
    invocation = log["runs"][0]["invocations"][0]
    assert code == 2 and invocation["executionSuccessful"] is False
    note = invocation["toolExecutionNotifications"][0]
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bad.md"
    assert note["message"]["text"].startswith("not valid UTF-8")
    assert note["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 1}


# ------------------------------------------------------------------ dialects and walking


def test_dialect_by_suffix_and_override(here, capsys):
    """.mdx is MDX (a table right after text), .md is Python-Markdown (no table: HT005); --dialect overrides."""
    write(here / "a.md", AFTER_TEXT)
    write(here / "a.mdx", AFTER_TEXT)
    _, out, _ = cli_run(capsys, "check", "a.md", "a.mdx")
    assert [line.split()[:2] for line in out.splitlines()[:-1]] == [["a.md:2:1:", "HT005"], ["a.mdx:2:1:", "HT001"]]
    _, out, _ = cli_run(capsys, "check", "--dialect", "mdx", "a.md")
    assert out.splitlines()[0].split()[:2] == ["a.md:2:1:", "HT001"]


def test_walks_markdown_and_skips_generated_and_excluded(here, capsys):
    """.md/.markdown/.mdx under directories; node_modules, .git, site, virtualenvs and --exclude skipped."""
    for name in ("a.md", "b.markdown", "c.mdx", "sub/d.md", "drafts/e.md", "sub/old-f.md"):
        write(here / "docs" / name, TABLE)
    for name in ("notes.txt", "node_modules/p/r.md", ".git/x.md", "site/index.md", ".venv/l.md", "venv/l.md",
                 "env/lib/l.md"):
        write(here / "docs" / name, TABLE)
    write(here / "docs" / "env" / "pyvenv.cfg", "home = /usr\n")
    code, out, _ = cli_run(capsys, "check", "--format", "json", "--exclude", "drafts", "--exclude", "docs/sub/old-*",
                           "docs")
    assert code == 1
    paths = [table["path"] for table in json.loads(out)["tables"]]
    assert paths == ["docs/a.md", "docs/b.markdown", "docs/c.mdx", "docs/sub/d.md"]


def test_excludes_apply_inside_given_directories_and_to_given_files(here, capsys):
    """`--exclude '.*'` skips hidden entries but not the `.` being walked; a named file that matches is skipped."""
    # (pre-commit passes files one by one, so excludes must apply to named files too)
    write(here / "a.md", TABLE)
    write(here / ".hidden" / "b.md", TABLE)
    write(here / "gen.md", TABLE)
    _, out, _ = cli_run(capsys, "check", "--exclude", ".*", "--exclude", "gen.md", ".", "gen.md")
    assert out.splitlines()[-1] == "1 finding (1 pipe table) in 1 file; configuration: defaults"
    assert out.startswith("a.md:1:1: HT001")


def test_symlinks_out_of_the_tree_are_not_followed(here, capsys):
    """Links inside the tree are followed (each file once, loops harmless); links leading out are not."""
    write(here / "outside" / "secret.md", TABLE)
    write(here / "docs" / "real" / "a.md", TABLE)
    (here / "docs" / "out").symlink_to(here / "outside", target_is_directory=True)
    (here / "docs" / "out.md").symlink_to(here / "outside" / "secret.md")
    (here / "docs" / "alias").symlink_to(here / "docs" / "real", target_is_directory=True)
    (here / "docs" / "real" / "loop").symlink_to(here / "docs", target_is_directory=True)
    (here / "docs" / "dangling.md").symlink_to(here / "nowhere.md")
    _, out, _ = cli_run(capsys, "check", "--format", "json", "docs")
    assert [table["path"] for table in json.loads(out)["tables"]] == ["docs/alias/a.md"]


def test_fix_writes_through_a_symlink_and_keeps_it(here, capsys):
    """A linked file is converted in place: the link stays a link."""
    target = write(here / "docs" / "real.md", TABLE)
    (here / "docs" / "link.md").symlink_to("real.md")
    assert cli_run(capsys, "fix", "docs/link.md")[0] == 0
    assert (here / "docs" / "link.md").is_symlink() and "<table" in target.read_text(encoding="utf-8")


# ------------------------------------------------------------------ configuration


def test_pyproject_configuration(here, capsys):
    """[tool.house-tables] in the nearest pyproject.toml: Config options, dialect and exclude."""
    write(here / "pyproject.toml", '[tool.house-tables]\nwidths = "equal"\ndialect = "mdx"\nexclude = ["skip"]\n')
    three = "| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n"
    write(here / "docs" / "a.md", AFTER_TEXT + "\n" + three)
    write(here / "docs" / "skip" / "b.md", TABLE)
    code, out, _ = cli_run(capsys, "fix", "docs")
    assert code == 0, out
    text = (here / "docs" / "a.md").read_text(encoding="utf-8")
    assert text.startswith("Some text\n<table")  # read as MDX: the table right after text was converted
    widths = re.findall(r'<col style=\{\{width: "(\d+)%"\}\} />', text)
    assert widths == ["50", "50", "34", "33", "33"]  # equal widths (content widths would favour nothing here)
    assert (here / "docs" / "skip" / "b.md").read_text(encoding="utf-8") == TABLE


def test_pyproject_found_from_a_subdirectory(here, capsys, monkeypatch):
    """The nearest pyproject.toml with [tool.house-tables] above the current directory applies."""
    write(here / "pyproject.toml", '[tool.house-tables]\nexclude = ["b.md"]\n')
    write(here / "docs" / "pyproject.toml", "[project]\nname = 'x'\n")  # no table here: keep looking up
    write(here / "docs" / "a.md", TABLE)
    write(here / "docs" / "b.md", TABLE)
    monkeypatch.chdir(here / "docs")
    _, out, _ = cli_run(capsys, "check", ".")
    assert out.splitlines()[-1] == (f"1 finding (1 pipe table) in 1 file; configuration: {here / 'pyproject.toml'} "
                                    "[tool.house-tables]")


@pytest.mark.parametrize(("toml", "message"), [
    ('[tool.house-tables]\ncolour = "red"\n',
     "pyproject.toml [tool.house-tables]: unknown option 'colour' (known: custom_style, dialect, dialects, "
     "enabled, exclude, include, level, levels, style, widths)"),
    ('[tool.house-tables]\nlevel = "loud"\n',
     "pyproject.toml [tool.house-tables]: level: must be one of warning, info, error, ignore, not 'loud'"),
    ('[tool.house-tables.levels]\nHT003 = "quiet"\n',
     "pyproject.toml [tool.house-tables]: levels: HT003 must be one of warning, info, error, ignore, not 'quiet'"),
    ('[tool.house-tables]\nenabled = "yes"\n',
     "pyproject.toml [tool.house-tables]: enabled: must be true or false, not 'yes'"),
    ('[tool.house-tables]\ninclude = "docs/*"\n',
     "pyproject.toml [tool.house-tables]: include: must be a list of glob strings, not 'docs/*'"),
    ('[tool.house-tables]\nwidths = "wide"\n',
     "pyproject.toml [tool.house-tables]: widths: must be one of content, equal, not 'wide'"),
    ('[tool.house-tables.custom_style]\nshadow = "none"\n',
     "pyproject.toml [tool.house-tables]: custom_style: has no option 'shadow'"),
    ('[tool.house-tables]\ncustom_style = "red"\n',
     "pyproject.toml [tool.house-tables]: custom_style: must be a mapping of style options, not 'red'"),
    ('[tool.house-tables]\ndialect = "gfm"\n',
     "pyproject.toml [tool.house-tables]: dialect: must be one of python-markdown, mdx, not 'gfm'"),
    ('[tool.house-tables]\nexclude = [1]\n',
     "pyproject.toml [tool.house-tables]: exclude: must be a list of glob strings, not [1]"),
    ('[tool.house-tables]\nexclude = ["[z-a].md"]\n',
     "pyproject.toml [tool.house-tables]: exclude: has a pattern that is not a glob"),
    ('[tool.house-tables]\ndialects = {"*.md" = "gfm"}\n',
     "pyproject.toml [tool.house-tables]: dialects: '*.md' must be one of python-markdown, mdx, not 'gfm'"),
    ("[tool.house-tables\n", "pyproject.toml: invalid TOML: "),
])
def test_bad_pyproject_is_reported_and_its_files_left_alone(here, capsys, toml, message):
    """Unknown options and bad values: exit 2, one line naming the file and the option, no file it configures is
    processed; a file another configuration governs still is."""
    write(here / "pyproject.toml", toml)
    write(here / "a.md", TABLE)
    write(here / "other" / ".house-tables.toml", 'level = "info"\n')
    write(here / "other" / "b.md", TABLE)
    code, out, err = cli_run(capsys, "check", "a.md", "other")
    assert code == 2 and err.startswith(message) and len(err.splitlines()) == 1 and "Traceback" not in err
    assert "a.md" not in out and "other/b.md:1:1: HT001" in out


def test_levels_as_the_plugin_logs_them(here, capsys):
    """`level` / `levels`: info findings are reported but do not fail; `ignore` drops them; errors stay errors."""
    write(here / "a.md", SHORT_ROW + "\n<!-- house-tables: widths=oops -->\n" + TABLE)
    write(here / "pyproject.toml", '[tool.house-tables]\nlevel = "info"\nlevels = {HT003 = "ignore"}\n')
    code, out, _ = cli_run(capsys, "check", "--format", "json", "a.md")
    found = [(d["code"], d["severity"]) for d in json.loads(out)["diagnostics"]]
    assert code == 1 and found == [("HT001", "info"), ("HT008", "error"), ("HT001", "info")]
    write(here / "a.md", SHORT_ROW)
    code, out, _ = cli_run(capsys, "check", "--format", "github", "a.md")
    assert code == 0 and out.startswith("::notice file=a.md,line=1,col=1,title=HT001 pipe-table::")


def test_include_globs(here, capsys):
    """`include` (as the plugin's): only matching files are processed."""
    write(here / "pyproject.toml", '[tool.house-tables]\ninclude = ["docs/guide/*"]\n')  # from pyproject's dir
    write(here / "docs" / "guide" / "a.md", TABLE)
    write(here / "docs" / "b.md", TABLE)
    _, out, _ = cli_run(capsys, "check", "docs")
    assert out.splitlines() == [out.splitlines()[0], "1 finding (1 pipe table) in 1 file; configuration: "
                                "pyproject.toml [tool.house-tables]"]
    assert out.startswith("docs/guide/a.md:1:1: HT001")


def test_toml_reader_missing_is_a_clear_error(here, capsys, monkeypatch):
    """On Python 3.10 without tomli: a clear error, only when there is a [tool.house-tables] to read."""
    monkeypatch.setitem(sys.modules, "tomllib", None)
    monkeypatch.setitem(sys.modules, "tomli", None)
    write(here / "a.md", "text\n")
    write(here / "pyproject.toml", "[project]\nname = 'x'\n")
    assert cli_run(capsys, "check", "a.md")[0] == 0
    write(here / "pyproject.toml", '[tool.house-tables]\nstyle = "plain"\n')
    code, _, err = cli_run(capsys, "check", "a.md")
    assert code == 2 and "needs Python 3.11+ or the tomli package" in err


MKDOCS = """\
site_name: demo
theme:
  name: material
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
      emoji_generator: !!python/name:material.extensions.emoji.to_svg
  - toc:
      permalink: !ENV [HT_PERMALINK, true]
plugins:
  - search
  - house-tables:
      widths: equal
      style: !ENV [HT_TEST_STYLE, house]
"""


def test_mkdocs_configuration(here, capsys, monkeypatch):
    """The house-tables plugin entry of an mkdocs.yml (MkDocs' own YAML tags tolerated, !ENV honoured)."""
    monkeypatch.setenv("HT_TEST_STYLE", "plain")
    write(here / "site" / "mkdocs.yml", MKDOCS)
    page = write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "fix", "--config", "site/mkdocs.yml", "a.md")
    assert (code, err) == (0, ""), out
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<table>\n") and "style" not in text and "colgroup" not in text  # the plain preset


ADMONITION_TABLE = "!!! note\n\n    | a | b |\n    |---|---|\n    | 1 | 2 |\n"


@pytest.mark.parametrize(("extensions", "found"), [("[tables]", False), ("[tables, admonition]", True)])
def test_mkdocs_configuration_reads_the_sites_markdown_stack(here, capsys, extensions, found):
    """With --config mkdocs.yml, tables are found as that site's extensions read the page: without admonition,
    the indented table is a code block."""
    write(here / "mkdocs.yml", f"markdown_extensions: {extensions}\nplugins: [house-tables]\n")
    write(here / "a.md", ADMONITION_TABLE)
    code, out, _ = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert (code, "a.md:3:5: HT001" in out) == ((1, True) if found else (0, False)), out


def test_mkdocs_configuration_with_an_extension_not_installed(here, capsys):
    """An extension that cannot be loaded here is a usage error naming it, not a traceback per file."""
    write(here / "mkdocs.yml", "markdown_extensions: [not_installed_ext]\nplugins: [house-tables]\n")
    write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert (code, out) == (2, "")
    assert err == ("house-tables: mkdocs.yml: markdown_extensions: Failed to load extension 'not_installed_ext'. "
                   "ModuleNotFoundError: No module named 'not_installed_ext'\n")


def test_mkdocs_plugin_options_and_docs_dir(here, capsys):
    """Every option the plugin takes is accepted; include/exclude match paths under docs_dir, as in the plugin."""
    write(here / "mkdocs.yml", "docs_dir: pages\nplugins:\n  - house-tables:\n      enabled: true\n"
                               "      exclude: [drafts/*]\n      levels: {HT001: warning}\n      include: ['*.md']\n")
    write(here / "pages" / "a.md", TABLE)
    write(here / "pages" / "drafts" / "b.md", TABLE)
    _, out, _ = cli_run(capsys, "check", "--config", "mkdocs.yml", "pages")
    assert out.splitlines()[-1] == "1 finding (1 pipe table) in 1 file; configuration: mkdocs.yml"
    assert out.startswith("pages/a.md:1:1:")


@pytest.mark.parametrize(("plugins", "message"), [
    ("plugins:\n  - house-tables:\n      colour: red\n",
     "house-tables: mkdocs.yml (plugins: house-tables): unknown option 'colour' (known: custom_style, enabled, "
     "exclude, include, level, levels, style, widths)"),
    ("plugins:\n  - house-tables:\n      dialect: mdx\n",
     "house-tables: mkdocs.yml (plugins: house-tables): unknown option 'dialect'"),
    ("plugins: [\n", "house-tables: mkdocs.yml: invalid YAML: "),
])
def test_bad_mkdocs_configuration_is_a_usage_error(here, capsys, plugins, message):
    """Same validation as the plugin: the file and the key named, exit 2."""
    write(here / "mkdocs.yml", "site_name: x\n" + plugins)
    write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert code == 2 and out == "" and err.startswith(message)


def test_yaml_oddities_are_clear_errors(here, capsys):
    """Non-string keys and null values in mkdocs.yml: one clear line, no traceback."""
    where = "house-tables: mkdocs.yml (plugins: house-tables)"
    write(here / "a.md", TABLE)
    write(here / "mkdocs.yml", "plugins:\n  - house-tables:\n      1: x\n      exclude: ~\n")
    code, _, err = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert code == 2 and err.startswith(f"{where}: unknown option 1 ")
    write(here / "mkdocs.yml", "plugins:\n  - house-tables:\n      exclude: ~\n")
    code, _, err = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert code == 2 and err == f"{where}: exclude: must be a list of glob strings, not None\n"
    write(here / "mkdocs.yml", "plugins:\n  - house-tables: [1, 2]\n")
    code, _, err = cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")
    assert code == 2 and err == f"{where}: expected a mapping of options, not list\n"

def test_mkdocs_plugin_entry_without_options(here, capsys):
    """`- house-tables` as a plain string: the defaults."""
    write(here / "mkdocs.yml", "plugins:\n  - house-tables\n")
    write(here / "a.md", TABLE)
    assert cli_run(capsys, "check", "--config", "mkdocs.yml", "a.md")[0] == 1


def test_missing_config_file(here, capsys):
    """--config naming nothing is a usage error."""
    code, _, err = cli_run(capsys, "check", "--config", "nope.yml", "a.md")
    assert code == 2 and err == "house-tables: nope.yml: no such configuration file\n"


# ------------------------------------------------------------------ fix


def seed_copy(directory: Path) -> Path:
    """The acceptance page, copied under the name of the page it came from."""
    directory.mkdir(parents=True, exist_ok=True)
    copy = directory / "Kimi-K3.mdx"
    shutil.copyfile(SEED, copy)
    return copy


def test_fix_reproduces_the_seed(here, capsys):
    """8 tables, 116 cells verified; +288/-51 lines; a second run changes nothing."""
    page = seed_copy(here)
    original = page.read_text(encoding="utf-8")
    code, out, err = cli_run(capsys, "fix", "Kimi-K3.mdx")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "Kimi-K3.mdx: 8 tables, 116 cells verified",
        "1 file fixed (8 tables, 116 cells verified), 0 unchanged; no findings left in 1 file; configuration: defaults",
    ]
    after = page.read_text(encoding="utf-8")
    opcodes = difflib.SequenceMatcher(None, original.splitlines(), after.splitlines(), autojunk=False).get_opcodes()
    changed = [(i2 - i1, j2 - j1) for tag, i1, i2, j1, j2 in opcodes if tag != "equal"]
    assert (sum(a for _, a in changed), sum(r for r, _ in changed)) == (288, 51)
    fixed = page.read_bytes()
    assert cli_run(capsys, "fix", "Kimi-K3.mdx") == (
        0, "0 files fixed, 1 unchanged; no findings left in 1 file; hand-written tables: 8 in the house style, "
        "0 normalised, 0 left alone; configuration: defaults\n", "")
    assert page.read_bytes() == fixed
    assert cli_run(capsys, "check", "Kimi-K3.mdx")[0] == 0


def test_fix_diff_prints_and_writes_nothing(here, capsys):
    """--diff: a unified diff on stdout (+288/-51 for the seed), the report on stderr, exit 1, file untouched."""
    page = seed_copy(here)
    before = page.read_bytes()
    code, out, err = cli_run(capsys, "fix", "--diff", "Kimi-K3.mdx")
    assert code == 1 and page.read_bytes() == before
    assert out.startswith("--- Kimi-K3.mdx\n+++ Kimi-K3.mdx\n@@ ")
    assert diff_counts(out) == (288, 51)
    assert err.splitlines()[0] == "Kimi-K3.mdx: would convert 8 tables, 116 cells verified"


def test_fix_diff_applies_with_patch(here, capsys):
    """The diff is a real patch: applying it gives what fix writes."""
    page = seed_copy(here)
    _, diff, _ = cli_run(capsys, "fix", "--diff", "Kimi-K3.mdx")
    subprocess.run(["git", "apply", "-p0", "-"], input=diff, text=True, cwd=here, check=True)
    patched = page.read_bytes()
    seed_copy(here)
    cli_run(capsys, "fix", "Kimi-K3.mdx")
    assert page.read_bytes() == patched


def test_fix_diff_marks_a_missing_final_newline(here, capsys):
    """A last line without a newline is marked as diff does."""
    write(here / "a.md", TABLE.rstrip("\n"))
    _, out, _ = cli_run(capsys, "fix", "--diff", "a.md")
    assert "-| 1 | 2 |\n\\ No newline at end of file\n" in out


def test_fix_check_exits_1_when_fix_would_change(here, capsys):
    """--check (as black/ruff): exit 1 and nothing written when a file would change; 0 once fixed."""
    page = write(here / "a.md", PAGE)
    code, out, _ = cli_run(capsys, "fix", "--check", "a.md")
    assert code == 1 and page.read_text(encoding="utf-8") == PAGE
    assert out.splitlines() == ["a.md: would convert 1 table, 4 cells verified",
                                "1 file would be fixed (1 table, 4 cells verified), 0 unchanged; "
                                "no findings left in 1 file; configuration: defaults"]
    assert cli_run(capsys, "fix", "a.md")[0] == 0
    assert cli_run(capsys, "fix", "--check", "a.md")[0] == 0


def test_fix_leaves_unverifiable_tables_with_a_diagnostic(here, capsys):
    """A table fix cannot convert stays byte for byte, with its diagnostic; exit 1 (findings remain)."""
    page = write(here / "a.md", f"{LOSES_CELLS}\n{TABLE}")
    code, out, _ = cli_run(capsys, "fix", "a.md")
    text = page.read_text(encoding="utf-8")
    assert code == 1 and text.startswith(LOSES_CELLS) and TABLE not in text
    assert out.splitlines() == [
        "a.md: 1 table, 4 cells verified",
        "a.md:1:1: HT001 pipe table (2 columns, 1 row) — the house style forbids Markdown pipe tables",
        "a.md:1:1: HT010 not converted: a row has more cells than the header; the engine drops the extra cells "
        "(line 3 of the table)",
        "a.md:3:11: HT002 row has 3 cells but the header has 2: the extra cells are dropped ('lost')",
        "1 file fixed (1 table, 4 cells verified), 0 unchanged; 3 findings (1 pipe table) left in 1 file; "
        "configuration: defaults",
    ]


def test_check_verify_reports_what_only_rendering_finds(here, capsys):
    """check scans only (HT001); check --verify renders as fix does and adds HT009; both exit 1."""
    write(here / "a.md", NOT_JSX)
    code, out, _ = cli_run(capsys, "check", "a.md")
    assert code == 1 and "HT001" in out and "HT009" not in out
    code, out, _ = cli_run(capsys, "check", "--verify", "a.md")
    assert code == 1 and "a.md:1:1: HT009 not converted: <k,> is not a JSX element name" in out and "HT001" in out
    assert "HT009" not in cli_run(capsys, "check", "--verify", "--form", "html", "a.md")[1]


def test_check_cross_check_reports_where_the_dialects_disagree(here, capsys):
    """--cross-check adds HT007 where MDX reads a row differently (a pipe inside a code span)."""
    write(here / "a.md", "| type | note |\n|---|---|\n| `string | number` | union |\n")
    assert "HT007" not in cli_run(capsys, "check", "a.md")[1]
    code, out, _ = cli_run(capsys, "check", "--cross-check", "a.md")
    assert code == 1 and "a.md:3:11: HT007 Python-Markdown reads this row as 2 cells, MDX as 3" in out
    assert "a.md:3:11: HT007" in cli_run(capsys, "check", "--cross-check", "--verify", "a.md")[1]


def test_fix_form_html(here, capsys):
    """--form html writes CSS strings; a cell JSX cannot express (`<K, V>`, raw HTML) converts in the HTML form."""
    page = write(here / "a.md", NOT_JSX)
    code, out, _ = cli_run(capsys, "fix", "a.md")
    assert code == 1 and "HT009" in out and page.read_text(encoding="utf-8") == NOT_JSX
    assert cli_run(capsys, "check", "--form", "html", "a.md")[1].split()[1] == "HT001"
    assert cli_run(capsys, "fix", "--form", "html", "a.md")[0] == 0
    text = page.read_text(encoding="utf-8")
    assert 'style="' in text and "{{" not in text and "<td" in text


def test_fix_keeps_crlf_and_bom(here, capsys):
    """CRLF line endings and a BOM survive the conversion; positions count from the BOM-less text."""
    page = write(here / "a.md", "\ufeff# T\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n\r\nEnd\r\n")
    _, out, _ = cli_run(capsys, "check", "a.md")
    assert out.startswith("a.md:3:1: HT001")
    assert cli_run(capsys, "fix", "a.md")[0] == 0
    data = page.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# T\r\n\r\n<table") and data.endswith(b"</table>\r\n\r\nEnd\r\n")
    assert b"\n" not in data.replace(b"\r\n", b"") and b"\r" not in data.replace(b"\r\n", b"")
    assert cli_run(capsys, "fix", "a.md")[0] == 0 and page.read_bytes() == data


def test_fix_keeps_lf_without_bom_and_a_missing_final_newline(here, capsys):
    """LF files stay LF, no BOM appears, a missing final newline stays missing."""
    page = write(here / "a.md", TABLE.rstrip("\n"))
    cli_run(capsys, "fix", "a.md")
    data = page.read_bytes()
    assert b"\r" not in data and not data.startswith(b"\xef") and data.endswith(b"</table>")


def test_fix_keeps_permissions(here, capsys):
    """The rewritten file has the original's mode; no temporary file is left."""
    page = write(here / "a.md", TABLE)
    page.chmod(0o640)
    assert cli_run(capsys, "fix", "a.md")[0] == 0
    assert stat.S_IMODE(page.stat().st_mode) == 0o640
    assert sorted(p.name for p in here.iterdir()) == ["a.md"]


def test_fix_refuses_read_only_files(here, capsys, monkeypatch):
    """A read-only file is not replaced behind the user's back (os.access says no for non-root users)."""
    page = write(here / "a.md", TABLE)
    monkeypatch.setattr(files.os, "access", lambda path, mode: False)
    code, _, err = cli_run(capsys, "fix", "a.md")
    assert code == 2 and err == "a.md: cannot write: permission denied (the file is read-only); left unchanged\n"
    assert page.read_text(encoding="utf-8") == TABLE


def test_non_utf8_file_among_good_ones(here, capsys):
    """A file that is not UTF-8 is reported with its path and reason and left byte for byte; the rest is fixed."""
    good1, good2 = write(here / "a.md", TABLE), write(here / "c.md", TABLE)
    bad_bytes = b"caf\xe9\n\n" + TABLE.encode()
    bad = write(here / "b.md", bad_bytes)
    code, out, err = cli_run(capsys, "fix", ".")
    assert code == 2
    assert err == "b.md:1:4: not valid UTF-8 (invalid continuation byte: byte 0xe9)\n"
    assert bad.read_bytes() == bad_bytes
    assert "<table" in good1.read_text(encoding="utf-8") and "<table" in good2.read_text(encoding="utf-8")
    assert out.splitlines()[-1] == ("2 files fixed (2 tables, 8 cells verified), 0 unchanged; no findings left in "
                                    "2 files; 1 path could not be read or written; configuration: defaults")


def test_permission_denied_among_good_ones(here, capsys, monkeypatch):
    """A file whose read fails with EACCES (simulated: these tests run as root, which permissions do not stop)."""
    write(here / "a.md", TABLE)
    secret = write(here / "secret.md", TABLE)
    real = files._read_bytes

    def refuse(path):
        """Refuse secret.md as the kernel would for a file without read permission."""
        if Path(path).name == "secret.md":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(files, "_read_bytes", refuse)
    code, out, err = cli_run(capsys, "fix", ".")
    assert code == 2 and err == "secret.md: cannot read: permission denied\n"
    assert out.startswith("a.md: 1 table, 4 cells verified\n")
    assert secret.read_text(encoding="utf-8") == TABLE


def test_directory_permission_denied_among_good_ones(here, capsys, monkeypatch):
    """A directory whose listing fails with EACCES (simulated, as above): reported, the rest is still fixed."""
    write(here / "a.md", TABLE)
    hidden = write(here / "private" / "b.md", TABLE)
    real = os.scandir

    def refuse(path):
        """Refuse to list private/ as the kernel would for a directory without read permission."""
        if Path(path).name == "private":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(files.os, "scandir", refuse)
    code, out, err = cli_run(capsys, "fix", ".")
    assert code == 2 and err == "private: cannot read directory: permission denied\n"
    assert out.startswith("a.md: 1 table, 4 cells verified\n")
    assert hidden.read_text(encoding="utf-8") == TABLE


def test_failed_write_leaves_the_original_and_no_temp_file(here, capsys, monkeypatch):
    """A rename that fails (simulated ENOSPC): the original stays, the temporary file is removed, exit 2."""
    page = write(here / "a.md", TABLE)

    def full(src, dst):
        """The disk is full."""
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full)
    code, _, err = cli_run(capsys, "fix", "a.md")
    assert code == 2 and err == "a.md: cannot write: no space left on device; left unchanged\n"
    assert page.read_text(encoding="utf-8") == TABLE and sorted(p.name for p in here.iterdir()) == ["a.md"]


def test_file_changed_while_fixing_is_left_alone(here, capsys, monkeypatch):
    """If the file changes between reading and writing, the new content is not overwritten."""
    page = write(here / "a.md", TABLE)
    real = convert_module.convert

    def edit_meanwhile(*args, **kwargs):
        """Someone saves the file while it is being converted."""
        page.write_text("edited\n", encoding="utf-8")
        return real(*args, **kwargs)

    monkeypatch.setattr(convert_module, "convert", edit_meanwhile)
    code, _, err = cli_run(capsys, "fix", "a.md")
    assert code == 2 and "the file changed on disk while it was being fixed" in err
    assert page.read_text(encoding="utf-8") == "edited\n"


def test_an_internal_error_names_the_file_and_the_others_go_on(here, capsys, monkeypatch):
    """A bug on one file is reported as `path: internal error (...)`, not a traceback."""
    write(here / "a.md", TABLE)
    write(here / "b.md", "boom\n" + TABLE)
    real = cli.plan_page

    def explode(text, *args, **kwargs):
        """Fail on one file."""
        if text.startswith("boom"):
            raise RuntimeError("kaput")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(cli, "plan_page", explode)
    code, out, err = cli_run(capsys, "check", ".")
    assert code == 2 and err == "b.md: internal error (RuntimeError: kaput); please report it\n"
    assert out.startswith("a.md:1:1: HT001")


def test_fix_json_format(here, capsys):
    """fix --format json: files with what was converted, the remaining diagnostics."""
    write(here / "a.md", TABLE)
    write(here / "b.md", LOSES_CELLS)
    code, out, _ = cli_run(capsys, "fix", "--format", "json", ".")
    document = json.loads(out)
    assert code == 1
    assert document["files"] == [{"path": "a.md", "tables": 1, "cells": 4, "changed": True},
                                 {"path": "b.md", "tables": 0, "cells": 0, "changed": False}]
    assert [d["code"] for d in document["diagnostics"]] == ["HT001", "HT010", "HT002"]


# ------------------------------------------------------------------ parallel processing and progress


def test_many_files_are_processed_in_a_process_pool(here, capsys, monkeypatch, pool_sizes):
    """More than 32 files go through a ProcessPoolExecutor and give exactly the serial output."""
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", f"# {index}\n\n{TABLE}" if index % 3 else "text\n")
    used = pool_sizes  # every pool the runs below start
    parallel = cli_run(capsys, "check", "docs")
    assert used and parallel[0] == 1 and parallel[2] == ""
    monkeypatch.setattr(cli, "PARALLEL_THRESHOLD", 10**6)
    serial = cli_run(capsys, "check", "docs")
    assert len(used) == 1 and parallel == serial
    assert parallel[1].splitlines()[-1] == "26 findings (26 pipe tables) in 40 files; configuration: defaults"


def test_jobs_sets_the_pool_size_and_one_means_no_pool(here, capsys, monkeypatch, pool_sizes):
    """--jobs N makes a pool of N processes; --jobs 1 processes the files in this process; bad values: exit 2."""
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", TABLE)
    used = pool_sizes  # every pool the runs below start
    monkeypatch.setattr(cli, "available_cpus", lambda: 8)  # the pool is never larger than the CPUs
    three = cli_run(capsys, "check", "--jobs", "3", "docs")
    one = cli_run(capsys, "check", "-j", "1", "docs")
    assert used == [3] and three == one and three[0] == 1
    code, _, err = cli_run(capsys, "check", "--jobs", "0", "docs")
    assert code == 2 and "argument --jobs/-j: expected a positive whole number, not '0'" in err


def test_progress_bar_only_on_a_terminal_after_a_moment():
    """Nothing before the delay or on a non-terminal; a bar after it, erased at the end."""

    class Terminal(io.StringIO):
        """A stream that says it is a terminal."""

        def isatty(self):
            """Yes."""
            return True

    now = [0.0]
    terminal = Terminal()
    progress = report.Progress(3, terminal, delay=1.0, clock=lambda: now[0])
    progress.advance()
    assert terminal.getvalue() == ""
    now[0] = 1.5
    progress.advance()
    assert terminal.getvalue() == "\r[" + "#" * 20 + "." * 10 + "] 2/3 files"
    now[0] = 1.55
    progress.advance()  # the last file: always drawn
    assert terminal.getvalue().endswith("\r[" + "#" * 30 + "] 3/3 files")
    progress.close()
    assert terminal.getvalue().endswith("\r" + " " * 60 + "\r")
    quiet = io.StringIO()
    progress = report.Progress(3, quiet, delay=0.0, clock=lambda: 10.0)
    progress.advance()
    progress.close()
    assert quiet.getvalue() == ""


# ------------------------------------------------------------------ real processes


def test_python_m_house_tables_works_like_the_console_script(tmp_path):
    """`python -m house_tables check` on the seed copy: the findings, the summary, exit 1."""
    seed_copy(tmp_path)
    result = cli_process("check", "Kimi-K3.mdx", cwd=tmp_path)
    assert result.returncode == 1 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Kimi-K3.mdx:") and " HT001 pipe table " in lines[0]
    assert lines[-1] == "8 findings (8 pipe tables) in 1 file; configuration: defaults"
    # The installed console script gives the same: the suite runs from the environment `make test` installs.
    script = shutil.which("house-tables", path=str(Path(sys.executable).parent))
    assert script, f"no house-tables console script beside {sys.executable}"
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin")}
    same = subprocess.run([script, "check", "Kimi-K3.mdx"], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=120)
    assert (same.returncode, same.stdout, same.stderr) == (result.returncode, result.stdout, result.stderr)


def test_process_fix_seed_and_second_run(tmp_path):
    """A real process fixes the seed copy (8 tables, 116 cells), then a second run changes nothing."""
    page = seed_copy(tmp_path)
    first = cli_process("fix", ".", cwd=tmp_path)
    assert first.returncode == 0 and first.stdout.splitlines()[0] == "Kimi-K3.mdx: 8 tables, 116 cells verified"
    fixed = page.read_bytes()
    second = cli_process("fix", "--check", ".", cwd=tmp_path)
    assert second.returncode == 0 and page.read_bytes() == fixed


def test_process_non_utf8_among_good_files_and_no_traceback(tmp_path):
    """A real process: the bad file named with its reason, left byte for byte; the good ones fixed; exit 2."""
    good = write(tmp_path / "docs" / "good.md", TABLE)
    bad = write(tmp_path / "docs" / "latin1.md", b"\xe9t\xe9\n\n" + TABLE.encode())
    result = cli_process("fix", "docs", "missing", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [
        "missing: no such file or directory",
        "docs/latin1.md:1:1: not valid UTF-8 (invalid continuation byte: byte 0xe9)",
    ]
    assert bad.read_bytes() == b"\xe9t\xe9\n\n" + TABLE.encode() and "<table" in good.read_text(encoding="utf-8")


def test_process_bad_configuration_has_no_traceback(tmp_path):
    """A real process with an unknown option: one clear line, exit 2."""
    write(tmp_path / "pyproject.toml", "[tool.house-tables]\nstyles = 'plain'\n")
    result = cli_process("check", ".", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout.startswith("no findings in 0 files")
    assert result.stderr == ("pyproject.toml [tool.house-tables]: unknown option 'styles' "
                             "(known: custom_style, dialect, dialects, enabled, exclude, include, level, levels, "
                             "style, widths)\n")


def test_process_fifo_is_reported_not_waited_on(tmp_path):
    """A FIFO named like a Markdown file cannot be read as a file: reported at once (no hang), exit 2."""
    # Root ignores file permissions, so this is an unreadable path that stays unreadable for root: not a regular
    # file. Opening a FIFO for reading would block until a writer comes; the reader opens without blocking and
    # refuses anything that is not a regular file. (Real EACCES: test_process_real_permission_denied.)
    os.mkfifo(tmp_path / "pipe.md")
    write(tmp_path / "a.md", TABLE)
    result = cli_process("check", ".", "pipe.md", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "pipe.md: cannot read: not a regular file\n"
    assert result.stdout.startswith("a.md:1:1: HT001")


def without_file_permission_override() -> tuple[str, ...]:
    """A command prefix under which permission bits apply (for root: setpriv without the DAC capabilities)."""
    # Root is refused like anyone else once CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH are dropped from its
    # inheritable and bounding sets, so this is a real EACCES from the kernel, not a simulation.
    if os.geteuid() != 0:
        return ()
    setpriv = shutil.which("setpriv")
    assert setpriv, "running as root needs setpriv (util-linux) to make file permissions apply"
    drop = "-dac_override,-dac_read_search"
    return (setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}")


def test_process_real_permission_denied(tmp_path):
    """A real EACCES on reading a file, listing a directory and writing (not simulated): reported, files untouched."""
    prefix = without_file_permission_override()
    good = write(tmp_path / "docs" / "good.md", TABLE)
    secret = write(tmp_path / "docs" / "secret.md", TABLE)
    hidden = write(tmp_path / "docs" / "private" / "page.md", TABLE)
    locked = write(tmp_path / "locked" / "page.md", TABLE)
    secret.chmod(0)
    hidden.parent.chmod(0)
    (tmp_path / "locked").chmod(0o555)
    try:
        probe = subprocess.run([*prefix, sys.executable, "-c", f"open({str(secret)!r}).read()"], capture_output=True)
        assert probe.returncode != 0, "permissions must be enforced for this test"
        result = cli_process("fix", "docs", "locked", cwd=tmp_path, prefix=prefix)
    finally:
        (tmp_path / "locked").chmod(0o755)
        hidden.parent.chmod(0o755)
        secret.chmod(0o644)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [
        "docs/private: cannot read directory: permission denied",
        "docs/secret.md: cannot read: permission denied",
        "locked/page.md: cannot write: permission denied; left unchanged",
    ]
    assert "<table" in good.read_text(encoding="utf-8")
    assert secret.read_text(encoding="utf-8") == TABLE and locked.read_text(encoding="utf-8") == TABLE
    assert hidden.read_text(encoding="utf-8") == TABLE
    assert sorted(p.name for p in (tmp_path / "locked").iterdir()) == ["page.md"]


def test_process_write_fails_midway(tmp_path):
    """A real write failure midway through the temporary file: the original stays, the temporary file goes."""
    # RLIMIT_FSIZE applies to root too: writing past it fails with EFBIG (CPython ignores SIGXFSZ).
    page = seed_copy(tmp_path)
    before = page.read_bytes()

    def limit():
        """Files may not grow past the original's size (the converted page is larger)."""
        resource.setrlimit(resource.RLIMIT_FSIZE, (len(before), len(before)))

    result = cli_process("fix", "Kimi-K3.mdx", cwd=tmp_path, preexec_fn=limit)
    assert result.returncode == 2
    assert result.stderr == "Kimi-K3.mdx: cannot write: file too large; left unchanged\n"
    assert page.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["Kimi-K3.mdx"]


def test_process_killed_between_temp_file_and_rename(tmp_path):
    """SIGKILL between the temporary file and the rename: the original is intact, the leftover clearly named."""
    # The test hook makes the writer name its temporary file in a marker file and sleep before os.replace.
    # The leftover (`.Kimi-K3.mdx.XXXX.house-tables-tmp`) is never walked, so the next run is not confused.
    page = seed_copy(tmp_path)
    before = page.read_bytes()
    marker = tmp_path.parent / f"{tmp_path.name}-marker"
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), files.PAUSE_HOOK: str(marker)}
    process = subprocess.Popen([sys.executable, "-m", "house_tables", "fix", "."], cwd=tmp_path, env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not (marker.exists() and marker.read_text(encoding="utf-8")) and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read()
            time.sleep(0.05)
        temp = Path(marker.read_text(encoding="utf-8"))
    finally:
        process.send_signal(signal.SIGKILL)
        process.communicate()
    assert process.returncode == -signal.SIGKILL
    assert page.read_bytes() == before
    leftovers = sorted(p.name for p in tmp_path.iterdir() if p.name != "Kimi-K3.mdx")
    assert leftovers == [temp.name] and TEMP_NAME.match(temp.name) and temp.name.startswith(".Kimi-K3.mdx.")
    assert "<table" in temp.read_text(encoding="utf-8")  # it was complete: only the rename was missing
    again = cli_process("fix", ".", cwd=tmp_path)
    assert again.returncode == 0 and again.stdout.splitlines() == [
        "Kimi-K3.mdx: 8 tables, 116 cells verified",
        "1 file fixed (8 tables, 116 cells verified), 0 unchanged; no findings left in 1 file; configuration: defaults",
    ]


def test_process_many_files_in_parallel(tmp_path):
    """A real process with more than 32 files (a process pool): every file fixed, nothing extra on stderr."""
    for index in range(40):
        write(tmp_path / f"p{index:02}.md", TABLE)
    result = cli_process("fix", ".", cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[-1] == ("40 files fixed (40 tables, 160 cells verified), 0 unchanged; "
                                              "no findings left in 40 files; configuration: defaults")
    assert all("<table" in p.read_text(encoding="utf-8") for p in tmp_path.glob("*.md"))


def test_process_github_format(tmp_path):
    """The GitHub step's command as a real process."""
    write(tmp_path / "docs" / "a.md", TABLE)
    result = cli_process("check", "--format", "github", "docs", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stdout.splitlines()[0].startswith("::warning file=docs/a.md,line=1,col=1,title=HT001 pipe-table::")


# ------------------------------------------------------------------ integrations and documentation


def test_pre_commit_hooks():
    """house-tables-check and house-tables-fix, on Markdown and MDX files."""
    hooks = {hook["id"]: hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["house-tables-check"]["entry"] == "house-tables check"
    assert hooks["house-tables-fix"]["entry"] == "house-tables fix"
    for hook in hooks.values():
        assert hook["language"] == "python"
        pattern = re.compile(hook["files"])
        assert all(pattern.search(name) for name in ("a.md", "docs/b.markdown", "c.mdx"))
        assert not pattern.search("a.txt") and not pattern.search("a.md.bak")


HELP_OPTION = re.compile(r"^ {2}(-\S.*?)(?: {2,}|$)", re.MULTILINE)  # the option column of an argparse help page


def help_options(capsys, *command: str) -> set[str]:
    """The options `house-tables [command] --help` lists, read from the help page a user sees."""
    assert cli.run([*command, "--help"]) == 0
    column = " ".join(HELP_OPTION.findall(capsys.readouterr().out))
    return set(re.findall(r"(?<![\w-])--?[a-z][a-z-]*", column))


def test_docs_cover_every_flag_exit_code_and_format(capsys):
    """docs/cli.md documents every option, the exit codes, the formats, pre-commit and GitHub Actions."""
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert cli.run(["--help"]) == 0
    subcommands = re.search(r"\{([a-z,]+)\}", capsys.readouterr().out).group(1).split(",")
    assert subcommands == ["check", "fix", "lsp"]
    options = help_options(capsys).union(*(help_options(capsys, sub) for sub in subcommands))
    assert {"--format", "--diff", "--check", "--exclude", "--config", "--dialect", "--form"} <= options
    for option in sorted(options - {"-h"}):
        assert f"`{option}" in docs, option
    for needle in ("| 0 |", "| 1 |", "| 2 |", "`text`", "`json`", "`github`", "`sarif`", ".pre-commit-hooks.yaml",
                   "house-tables-check", "house-tables-fix", "--format github", "upload-sarif", "[tool.house-tables]",
                   "mkdocs.yml", "pyvenv.cfg", "node_modules", "house-tables lsp", "(lsp.md)"):
        assert needle in docs, needle

