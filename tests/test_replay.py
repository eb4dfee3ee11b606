"""A replayed `check` (replay.py: an unchanged run's output printed again from its record) says exactly what a run
without the cache says; every probe the record holds makes it stale when its answer changes; a run that depends
on what a record cannot hold keeps none."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli import AFTER_TEXT, PAGE, ROOT, SHORT_ROW, TABLE, write

from house_tables import cache, cli, observed, replay

from strategies import documents

FORMATS = ("text", "json", "github", "sarif")
UNDECODABLE = b"| a | b |\n|---|---|\n| \xff | 2 |\n"


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A scratch current directory with its own cache directory; files are trusted by their stat at once (the
    racy window is for clocks coarser than a test's steps; the tests of cache.py test it)."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "RACY_NS", 0)
    return work


def full(capsys, monkeypatch, *argv: str) -> tuple:
    """Exit code, stdout and stderr of the command line's main (which keeps a record when it can)."""
    monkeypatch.setattr(sys, "argv", ["house-tables", *argv])
    with pytest.raises(SystemExit) as exit_:
        cli.main()
    captured = capsys.readouterr()
    return exit_.value.code, captured.out, captured.err


def replayed(capsys, *argv: str) -> tuple:
    """Exit code (None: no replay), stdout and stderr of a replay."""
    code = replay.replayed(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


NOTHING = (None, "", "")


def site(root: Path) -> None:
    write(root / "docs" / "index.md", PAGE)
    write(root / "docs" / "short.md", SHORT_ROW)
    write(root / "docs" / "guide" / "page.mdx", AFTER_TEXT)
    write(root / "docs" / "guide" / "plain.md", "# No table\n")


def recorded(capsys, monkeypatch, *argv: str) -> tuple:
    """The uncached output of a command, after a run that kept its record (checked: the replay prints it)."""
    expected = full(capsys, monkeypatch, *argv, "--no-cache")
    assert full(capsys, monkeypatch, *argv) == expected
    assert replayed(capsys, *argv) == expected
    return expected


OPTIONS = [*((f"--format={form}",) for form in FORMATS), ("-v",), ("--verify",), ("--cross-check",),
           ("--dialect", "mdx")]


@pytest.mark.parametrize("argv", OPTIONS)
def test_a_replay_prints_exactly_what_an_uncached_run_prints(here, capsys, monkeypatch, argv):
    site(here)
    write(here / ".house-tables.toml", 'level = "info"\nlevels = {HT002 = "error"}\n')
    expected = recorded(capsys, monkeypatch, "check", *argv, "docs")
    assert expected[1]  # findings printed
    assert replayed(capsys, "check", *argv, "docs") == expected


def test_a_replay_needs_the_same_arguments_and_directory(here, capsys, monkeypatch):
    site(here)
    recorded(capsys, monkeypatch, "check", "docs")
    assert replayed(capsys, "check", "docs/") == NOTHING
    assert replayed(capsys, "check", "-v", "docs") == NOTHING
    monkeypatch.chdir(here / "docs")
    assert replayed(capsys, "check", "docs") == NOTHING


@pytest.mark.parametrize("change", [
    "new page", "new directory", "removed page", "same-size edit", "touched", "options file here",
    "options file above", "pyproject gets our table", "venv marker", "docusaurus sibling", "mkdocs.yml here",
    "mintignore added",
])
def test_every_probe_makes_a_record_stale(here, capsys, monkeypatch, change):
    site(here)
    if change == "mintignore added":
        write(here / "docs.json", '{"$schema": "https://mintlify.com/docs.json", "name": "x"}\n')
    write(here / "pyproject.toml", "[project]\nname = 'x'\n")
    recorded(capsys, monkeypatch, "check", "docs")
    page = here / "docs" / "short.md"
    if change == "new page":
        write(here / "docs" / "guide" / "new.md", SHORT_ROW)
    elif change == "new directory":
        (here / "docs" / "empty").mkdir()
    elif change == "removed page":
        page.unlink()
    elif change == "same-size edit":
        before = page.stat()
        page.write_text(SHORT_ROW.replace("1", "9"), encoding="utf-8")
        os.utime(page, ns=(before.st_atime_ns, before.st_mtime_ns))  # only the ctime says it changed
    elif change == "touched":
        os.utime(page)
    elif change == "options file here":
        write(here / "docs" / "guide" / ".house-tables.toml", 'levels = {HT005 = "ignore"}\n')
    elif change == "options file above":
        write(here / ".house-tables.toml", 'levels = {HT001 = "ignore"}\n')
    elif change == "pyproject gets our table":
        write(here / "pyproject.toml", "[project]\nname = 'y'\n[tool.house-tables]\nlevels = {HT001 = 'ignore'}\n")
    elif change == "venv marker":
        write(here / "docs" / "guide" / "pyvenv.cfg", "home = /usr\n")
    elif change == "docusaurus sibling":
        write(here / "website" / "docusaurus.config.js", "module.exports = {docs: {path: '../docs'}};\n")
    elif change == "mkdocs.yml here":
        write(here / "mkdocs.yml", "site_name: x\nmarkdown_extensions: [admonition]\n")
    elif change == "mintignore added":  # the Mintlify project's .mintignore appears: short.md is no page then
        write(here / ".mintignore", "short.md\n")
    assert replayed(capsys, "check", "docs") == NOTHING
    expected = full(capsys, monkeypatch, "check", "docs", "--no-cache")
    assert full(capsys, monkeypatch, "check", "docs") == expected
    assert replayed(capsys, "check", "docs") == expected  # recorded anew


def test_a_changed_config_file_given_makes_a_record_stale(here, capsys, monkeypatch):
    site(here)
    write(here / "house.toml", 'levels = {HT001 = "ignore"}\n')
    write(here / "docs" / ".house-tables.toml", 'levels = {HT003 = "ignore"}\n')  # not read: --config wins
    recorded(capsys, monkeypatch, "check", "--config", "house.toml", "docs")
    write(here / "house.toml", 'levels = {HT003 = "ignore"}\n')
    assert replayed(capsys, "check", "--config", "house.toml", "docs") == NOTHING
    recorded(capsys, monkeypatch, "check", "--config", "house.toml", "docs")
    (here / "house.toml").unlink()
    assert replayed(capsys, "check", "--config", "house.toml", "docs") == NOTHING


def test_files_a_walk_never_reads_leave_a_record_valid(here, capsys, monkeypatch):
    site(here)
    expected = recorded(capsys, monkeypatch, "check", "docs")
    write(here / "docs" / "notes.txt", "not Markdown\n")
    write(here / "docs" / ".page.md.abcdefgh.house-tables-tmp", "a write's leftover\n")
    assert replayed(capsys, "check", "docs") == expected


def test_a_changed_markdown_stack_makes_a_record_stale(here, capsys, monkeypatch):
    write(here / "mkdocs.yml", "site_name: x\nmarkdown_extensions: [admonition]\n")
    write(here / "docs" / "index.md", "!!! note\n\n    | a | b |\n    |---|---|\n    | 1 |\n")
    recorded(capsys, monkeypatch, "check", "docs")
    write(here / "mkdocs.yml", "site_name: x\nmarkdown_extensions: []\n")
    assert replayed(capsys, "check", "docs") == NOTHING


def test_a_changed_engine_makes_a_record_stale(here, capsys, monkeypatch):
    site(here)
    recorded(capsys, monkeypatch, "check", "docs")
    parts = observed.engine_parts()
    monkeypatch.setattr(observed, "engine_parts", lambda: [*parts, b"another version"])
    assert replayed(capsys, "check", "docs") == NOTHING


def test_no_cache_and_fix_are_never_replayed(here, capsys, monkeypatch):
    site(here)
    recorded(capsys, monkeypatch, "check", "docs")
    monkeypatch.setenv(observed.NO_CACHE_ENV, "1")
    assert replayed(capsys, "check", "docs") == NOTHING
    assert replayed(capsys, "fix", "docs") == NOTHING


@pytest.mark.parametrize("problem", ["undecodable", "missing path", "symbolic link", "racy", "snippets"])
def test_a_run_a_record_cannot_hold_keeps_none(here, capsys, monkeypatch, problem):
    site(here)
    argv = ["check", "docs"]
    if problem == "undecodable":
        write(here / "docs" / "bad.md", UNDECODABLE)
    elif problem == "missing path":
        argv.append("nowhere")
    elif problem == "symbolic link":
        os.symlink(here / "docs" / "index.md", here / "docs" / "link.md")
    elif problem == "racy":
        monkeypatch.setattr(cache, "RACY_NS", 3_000_000_000)  # the files were just written
    elif problem == "snippets":
        write(here / "mkdocs.yml", "site_name: x\nmarkdown_extensions: [pymdownx.snippets]\n")
    expected = full(capsys, monkeypatch, *argv, "--no-cache")
    assert full(capsys, monkeypatch, *argv) == expected
    assert replayed(capsys, *argv) == NOTHING
    assert full(capsys, monkeypatch, *argv) == expected


def test_a_new_record_deletes_the_cache_files_unwritten_for_30_days(here, capsys, monkeypatch, tmp_path):
    site(here)
    recorded(capsys, monkeypatch, "check", "docs")
    cache_files = {path.name for path in (tmp_path / "cache").iterdir()}
    month = observed.STALE_SECONDS
    for name, age in (("0badc0de.replay", month + 60), ("other.cache", month + 60), ("kept.replay", month - 60),
                      ("notes.txt", month + 60)):
        (tmp_path / "cache" / name).write_bytes(b"x")
        os.utime(tmp_path / "cache" / name, (time.time() - age, time.time() - age))
    recorded(capsys, monkeypatch, "check", "-v", "docs")  # the same cache file, a new record
    kept = {path.name for path in (tmp_path / "cache").iterdir()}
    assert kept - cache_files == {"kept.replay", "notes.txt", replay.record_name(replay._identity(
        ["check", "-v", "docs"], os.getcwd()))}
    assert cache_files <= kept


def test_a_damaged_record_is_no_replay(here, capsys, monkeypatch, tmp_path):
    site(here)
    recorded(capsys, monkeypatch, "check", "docs")
    (record,) = (tmp_path / "cache").glob("*.replay")
    data = record.read_bytes()
    for damaged in (b"", data[: len(data) // 2], b"garbage", marshal.dumps((replay.FORMAT, 1, 2))):
        record.write_bytes(damaged)
        assert replayed(capsys, "check", "docs") == NOTHING


def test_the_record_is_found_beside_the_configuration(here, capsys, monkeypatch):
    monkeypatch.delenv(cache.CACHE_DIR_ENV)
    site(here)
    write(here / ".house-tables.toml", 'level = "info"\n')
    expected = recorded(capsys, monkeypatch, "check", "docs")
    assert list((here / ".house-tables-cache").glob("*.replay"))
    monkeypatch.chdir(here / "docs")  # the record is for the directory it was made in
    assert replayed(capsys, "check", ".") == NOTHING
    monkeypatch.chdir(here)
    assert replayed(capsys, "check", "docs") == expected


def test_a_replay_imports_no_parser_configuration_reader_or_command_line(here, tmp_path):
    """The console script's process: the second run is a replay, and it never imports the command line, the
    settings, the report, the Markdown stack or a process pool."""
    site(here)
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), cache.CACHE_DIR_ENV: str(tmp_path / "cache"),
                   "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "house_tables", "check", "docs"]
    expected = subprocess.run([*command, "--no-cache"], cwd=here, env=environment, capture_output=True, text=True,
                              timeout=120)
    time.sleep(3.2)  # a record needs files older than the racy window (3 s; the process does not see the fixture's 0)
    probe = ("import sys, runpy; sys.argv = ['house-tables', 'check', 'docs']\n"
             "try:\n    runpy.run_module('house_tables', run_name='__main__')\n"
             "finally:\n    sys.stderr.write(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('house_tables', 'markdown', 'argparse', 'dataclasses', 'multiprocessing', 'pathlib'))))\n")
    first = subprocess.run([sys.executable, "-c", probe], cwd=here, env=environment, capture_output=True,
                           text=True, timeout=120)
    assert "house_tables.cli" in first.stderr
    second = subprocess.run([sys.executable, "-c", probe], cwd=here,
                            env=environment, capture_output=True, text=True, timeout=120)
    assert (second.returncode, second.stdout) == (expected.returncode, expected.stdout)
    imported = second.stderr[len(expected.stderr):].split()
    assert second.stderr.startswith(expected.stderr)
    assert set(imported) == {"house_tables", "house_tables.observed", "house_tables.replay"}


def test_an_edited_source_of_an_editable_install_makes_a_record_stale(here, tmp_path):
    """house-tables run from a copy of its sources (as an editable install runs them): a record is replayed until
    one source file changes, then the command line runs again."""
    import shutil

    site(here)
    package = tmp_path / "source" / "house_tables"
    shutil.copytree(ROOT / "plugin" / "house_tables", package, ignore=shutil.ignore_patterns("__pycache__"))
    environment = {**os.environ, "PYTHONPATH": str(package.parent), cache.CACHE_DIR_ENV: str(tmp_path / "cache"),
                   "PYTHONDONTWRITEBYTECODE": "1"}
    probe = ("import sys, runpy; sys.argv = ['house-tables', 'check', 'docs']\n"
             "try:\n    runpy.run_module('house_tables', run_name='__main__')\n"
             "finally:\n    sys.stderr.write('CLI' if 'house_tables.cli' in sys.modules else 'REPLAY')\n")

    def run() -> tuple:
        done = subprocess.run([sys.executable, "-c", probe], cwd=here, env=environment, capture_output=True,
                              text=True, timeout=120)
        return done.returncode, done.stdout, done.stderr

    time.sleep(3.2)  # a record needs files older than the racy window
    first = run()
    assert first[2].endswith("CLI") and run() == (*first[:2], first[2][:-3] + "REPLAY")
    for edited in (package / "report.py", package / "parsing" / "locate.py"):
        edited.write_text(edited.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
        assert run() == first  # the command line ran (no record: a source changed within the racy window)
        time.sleep(3.2)
        assert run() == first  # the command line ran, and recorded for the edited engine
        assert run() == (*first[:2], first[2][:-3] + "REPLAY")


@settings(max_examples=100, deadline=None, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pages=st.lists(st.tuples(documents(), st.sampled_from([".md", ".mdx"]), st.booleans()), min_size=1,
                      max_size=4),
       steps=st.lists(st.tuples(st.sampled_from(["edit", "add", "remove", "touch", "options", "no options",
                                                 "undecodable", "fix bytes", "nothing"]), st.integers(0, 3)),
                      max_size=4),
       form=st.sampled_from(FORMATS), verbose=st.booleans())
def test_replays_equal_uncached_runs(tmp_path, capsys, monkeypatch, pages, steps, form, verbose):
    """Differential: generated trees (pages of both dialects, in two directories, an undecodable page, an options
    file coming and going), changed step by step. In every state, before any run: a replay prints exactly what an
    uncached run prints, or nothing (it never prints a stale output); after a cached run it is a replay, unless the
    tree holds what a record cannot (an unreadable page)."""
    root = Path(tmp_path_for(tmp_path))
    monkeypatch.chdir(root)
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(root.parent / (root.name + "-cache")))
    monkeypatch.setattr(cache, "RACY_NS", 0)
    argv = ["check", f"--format={form}", *(["-v"] if verbose else []), "docs"]

    def page_path(index: int) -> Path:
        _, suffix, nested = pages[index % len(pages)]
        return root / "docs" / ("sub" if nested else "") / f"p{index}{suffix}"

    for index, (text, _, _) in enumerate(pages):
        write(page_path(index), text)
    for step, index in [("nothing", 0), *steps]:
        target = page_path(index)
        if step == "edit" and target.exists():
            target.write_text(pages[(index + 1) % len(pages)][0] + "\n", encoding="utf-8")
        elif step == "add":
            write(root / "docs" / f"added{index}.md", pages[index % len(pages)][0])
        elif step == "remove" and target.exists():
            target.unlink()
        elif step == "touch" and target.exists():
            os.utime(target)
        elif step == "options":
            write(root / ".house-tables.toml", ['level = "info"\n', 'levels = {HT001 = "ignore"}\n',
                                                'dialect = "mdx"\n', 'exclude = ["sub/"]\n'][index])
        elif step == "no options" and (root / ".house-tables.toml").exists():
            (root / ".house-tables.toml").unlink()
        elif step == "undecodable":
            write(root / "docs" / "bad.md", UNDECODABLE)
        elif step == "fix bytes" and (root / "docs" / "bad.md").exists():
            write(root / "docs" / "bad.md", TABLE)
        uncached = full(capsys, monkeypatch, *argv, "--no-cache")
        before = replayed(capsys, *argv)
        assert before in (NOTHING, uncached)
        assert full(capsys, monkeypatch, *argv) == uncached
        after = replayed(capsys, *argv)
        bad = root / "docs" / "bad.md"
        if bad.exists() and bad.read_bytes() == UNDECODABLE:
            assert after == NOTHING
        else:
            assert after == uncached


_COUNTER = iter(range(10**9))


def tmp_path_for(tmp_path: Path) -> str:
    """A fresh directory for each hypothesis example (tmp_path is shared by the examples of one test)."""
    path = tmp_path / f"example-{next(_COUNTER)}"
    path.mkdir()
    return str(path)
