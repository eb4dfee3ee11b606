"""The command line's reliability and safety (issue 17): no write the user did not ask for, one line (never a
traceback) for bad input, nothing from the configuration becomes active markup."""

from __future__ import annotations

import json
import os
import pwd
import random
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from test_cli import ROOT, TABLE, TEMP_NAME, cli, cli_process, cli_run, without_file_permission_override, write

from house_tables import files
from house_tables.config import Config


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A scratch directory that is also the current directory."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------------ no write the user did not ask for


def test_an_empty_path_is_a_usage_error_and_nothing_is_written(here, capsys):
    """`house-tables fix "$DOCS"` with DOCS unset must not walk the current directory."""
    readme = write(here / "README.md", TABLE)
    code, out, err = cli_run(capsys, "fix", "")
    assert code == 2 and out == ""
    assert err == "house-tables: an empty PATH argument (an unset variable?); pass . for the current directory\n"
    assert readme.read_text(encoding="utf-8") == TABLE
    code, _, _ = cli_run(capsys, "fix", "docs", "")
    assert code == 2 and readme.read_text(encoding="utf-8") == TABLE


def test_the_pool_is_no_larger_than_the_files_and_the_cpus(here, capsys, monkeypatch, pool_sizes):
    """--jobs 200 on 40 files starts at most min(40, CPUs) processes."""
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", TABLE)
    sizes = pool_sizes  # every pool the runs below start
    monkeypatch.setattr(cli, "PARALLEL_THRESHOLD", 4)
    assert cli_run(capsys, "check", "--no-cache", "--jobs", "200", "docs")[0] == 1  # cached files need no pool
    monkeypatch.setattr(cli, "available_cpus", lambda: 64)
    assert cli_run(capsys, "check", "--no-cache", "--jobs", "200", "docs")[0] == 1
    assert sizes == [min(40, len(os.sched_getaffinity(0))), 40]


def unprivileged() -> tuple[str, ...]:
    """A command prefix that runs as a normal user: as root, `setpriv` to nobody; otherwise nothing (we are one)."""
    if os.geteuid() != 0:
        return ()
    unreachable = [str(p) for p in Path(__file__).resolve().parents if not p.stat().st_mode & 0o001]
    assert not unreachable, f"as root, the tests run some commands as nobody, who cannot reach {unreachable[0]}"
    setpriv = shutil.which("setpriv")
    assert setpriv, "running as root needs setpriv (util-linux) to run a command as a normal user"
    nobody = pwd.getpwnam("nobody")
    return (setpriv, f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups")


@pytest.fixture
def shared():
    """A scratch directory outside pytest's root-only tree, so that `nobody` can reach it (see hand_over)."""
    directory = Path(tempfile.mkdtemp(prefix="house-tables-test-", dir="/tmp"))
    directory.chmod(0o755)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def hand_over(directory: Path) -> None:
    """Give a tree to the user the unprivileged prefix runs as (nothing to do when we are not root)."""
    if os.geteuid() != 0:
        return
    nobody = pwd.getpwnam("nobody")
    for path in [directory, *directory.rglob("*")]:
        os.chown(path, nobody.pw_uid, nobody.pw_gid, follow_symlinks=False)


READ_ONLY = "a.md: cannot write: permission denied (the file is read-only); left unchanged"


def test_a_read_only_file_is_not_replaced_as_root(here, capsys):
    """0444 means read-only for root too (root's write would succeed, so the mode bits decide): skipped, reported,
    exit 2; the writable file beside it is fixed."""
    locked, other = write(here / "a.md", TABLE), write(here / "b.md", TABLE)
    locked.chmod(0o444)
    code, out, err = cli_run(capsys, "fix", ".")
    assert code == 2 and err == READ_ONLY + "\n"
    assert locked.read_text(encoding="utf-8") == TABLE and stat.S_IMODE(locked.stat().st_mode) == 0o444
    assert "<table" in other.read_text(encoding="utf-8") and out.startswith("b.md: 1 table, 4 cells verified\n")


def test_a_read_only_file_is_not_replaced_as_a_normal_user(shared):
    """The same for a normal user who owns the file and the directory (os.replace would succeed for them too)."""
    locked, other = write(shared / "a.md", TABLE), write(shared / "b.md", TABLE)
    locked.chmod(0o444)
    hand_over(shared)
    result = cli_process("fix", ".", cwd=shared, prefix=unprivileged())
    assert result.returncode == 2 and result.stderr == READ_ONLY + "\n"
    assert locked.read_text(encoding="utf-8") == TABLE and "<table" in other.read_text(encoding="utf-8")
    assert locked.stat().st_uid == other.stat().st_uid == (pwd.getpwnam("nobody").pw_uid if os.geteuid() == 0
                                                            else os.geteuid())


# ------------------------------------------------------------------ concurrent runs, edits, signals, kills


def start_fix(directory: Path, *paths: str, marker: Path | None = None) -> subprocess.Popen:
    """`house-tables fix PATHS` as a process of its own session (so that its workers can be found), optionally
    pausing between its first temporary file and the rename until `marker` is removed (files.PAUSE_HOOK)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), "PYTHONDONTWRITEBYTECODE": "1"}
    if marker is not None:
        environment[files.PAUSE_HOOK] = str(marker)
    return subprocess.Popen([sys.executable, "-m", "house_tables", "fix", *paths], cwd=directory, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def wait_for(condition, process: subprocess.Popen, what: str) -> None:
    """Poll until condition() holds (the process must still be running); fail after a minute."""
    deadline = time.monotonic() + 60
    while not condition():
        assert process.poll() is None, f"{what}: the process ended: {process.communicate()}"
        assert time.monotonic() < deadline, f"{what}: still waiting after 60 s"
        time.sleep(0.01)


def paused(marker: Path) -> bool:
    """Whether a run paused by the test hook has named its temporary file in the marker."""
    return marker.exists() and bool(marker.read_text(encoding="utf-8"))


def waiting_for_a_lock(pid: int) -> bool:
    """Whether a process is blocked on a file lock (/proc/locks lists waiters after `->`)."""
    return any("->" in line and f" {pid} " in line for line in Path("/proc/locks").read_text().splitlines())


def converted(text: str) -> str:
    """What fix makes of a page (computed in this process)."""
    from house_tables.convert import convert
    from house_tables.model import Dialect

    return convert(text, Dialect.PYTHON_MARKDOWN, Config()).text


def test_an_edit_between_the_last_check_and_the_rename_is_kept(tmp_path):
    """The user saves the file while fix has written its temporary file: same size, mtime put back, so only the
    content hash can tell. fix must not rename its file over the edit; it reports it; no temporary file stays."""
    page = write(tmp_path / "a.md", TABLE)
    before = page.stat()
    edited = TABLE.replace("| 1 | 2 |", "| 3 | 4 |")
    marker = tmp_path.parent / f"{tmp_path.name}-marker"
    process = start_fix(tmp_path, "a.md", marker=marker)
    try:
        wait_for(lambda: paused(marker), process, "the pause before the rename")
        page.write_text(edited, encoding="utf-8")
        os.utime(page, ns=(before.st_atime_ns, before.st_mtime_ns))
        marker.unlink()
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 2
    assert err == "a.md: cannot write: the file changed on disk while it was being fixed; left unchanged\n"
    assert page.read_text(encoding="utf-8") == edited and sorted(p.name for p in tmp_path.iterdir()) == ["a.md"]


def test_two_runs_and_an_edit_lose_nothing(tmp_path):
    """Run A has its temporary file ready (paused); the user then edits the page; run B converts the edited page
    and waits for A's lock (A's temporary file is not taken for a leftover meanwhile). A, resumed, sees the edit and
    leaves the page; B then writes its conversion of the edited page: the edit is kept and converted."""
    page = write(tmp_path / "a.md", TABLE)
    write(tmp_path / "b.md", "no table\n")
    edited = f"# Edited\n\n{TABLE}"
    marker = tmp_path.parent / f"{tmp_path.name}-marker"
    first = start_fix(tmp_path, ".", marker=marker)
    second = None
    try:
        wait_for(lambda: paused(marker), first, "run A's pause")
        temp = Path(marker.read_text(encoding="utf-8"))
        page.write_text(edited, encoding="utf-8")
        second = start_fix(tmp_path, ".")
        wait_for(lambda: waiting_for_a_lock(second.pid), second, "run B waiting for A's lock")
        assert temp.exists()  # B saw it, and left it: A holds the page's lock
        marker.unlink()
        _, first_err = first.communicate(timeout=60)
        second_out, second_err = second.communicate(timeout=60)
    finally:
        for process in (first, second):
            if process is not None:
                process.kill()
    assert first.returncode == 2
    assert first_err == "a.md: cannot write: the file changed on disk while it was being fixed; left unchanged\n"
    assert second.returncode == 0 and second_err == "" and second_out.startswith("a.md: 1 table, 4 cells verified")
    assert page.read_text(encoding="utf-8") == converted(edited)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md", "b.md"]


def test_two_runs_at_once_convert_each_file_once(tmp_path):
    """Two fix runs over the same 60 files at the same time: every file ends converted, no error, nothing left."""
    pages = [write(tmp_path / f"p{index:02}.md", f"# {index}\n\n{TABLE}") for index in range(60)]
    runs = [start_fix(tmp_path, "."), start_fix(tmp_path, ".")]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0] and [err for _, err in outputs] == ["", ""]
    assert all(p.read_text(encoding="utf-8") == converted(f"# {i}\n\n{TABLE}") for i, p in enumerate(pages))
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in pages]


def session_processes(session: int) -> list[int]:
    """Live processes of a session (zombies, which can no longer do anything, are not counted)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it has just exited
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def wait_until_gone(session: int) -> list[int]:
    """Wait (at most 10 s) for a session's processes to end; the ones still there."""
    deadline = time.monotonic() + 10
    while session_processes(session) and time.monotonic() < deadline:
        time.sleep(0.01)
    return session_processes(session)


def test_sigterm_stops_after_the_write_in_progress_with_a_summary(tmp_path):
    """SIGTERM while the first file is being written (the hook holds it there): that write completes, nothing more
    is processed or written, the output says so, exit 143, and no worker of the run is left."""
    pages = [write(tmp_path / f"p{index:02}.md", TABLE) for index in range(40)]  # > 32: a process pool
    marker = tmp_path.parent / f"{tmp_path.name}-marker"
    process = start_fix(tmp_path, ".", marker=marker)
    try:
        wait_for(lambda: paused(marker), process, "the first write")
        process.send_signal(signal.SIGTERM)
        marker.unlink()
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 128 + signal.SIGTERM
    assert out.splitlines()[0] == "p00.md: 1 table, 4 cells verified"
    assert err.splitlines()[-1] == ("house-tables: interrupted by SIGTERM: 1 of 40 files processed (1 written); "
                                    "39 not processed, left unchanged")
    assert "<table" in pages[0].read_text(encoding="utf-8")
    assert all(page.read_text(encoding="utf-8") == TABLE for page in pages[1:])
    assert wait_until_gone(process.pid) == []


def test_sigkill_at_random_moments_loses_nothing_and_leaves_nothing(tmp_path):
    """SIGKILL of `fix` on 500 files at 30 random moments: each file is always its original or its complete
    conversion, nothing is written once the main process is dead, no process of the run survives it, and the next
    run removes the temporary files a kill left."""
    rng = random.Random(17)
    originals = {f"p{index:03}.md": f"# Page {index}\n\n{TABLE}\n{index} after.\n" for index in range(500)}
    expected = {name: converted(text) for name, text in originals.items()}
    for name, text in originals.items():
        write(tmp_path / name, text)
    for _ in range(30):
        if sum(files.read_text(tmp_path / name).text != text for name, text in originals.items()) > 250:
            for name, text in originals.items():  # keep most files still to convert, so kills land in writes
                write(tmp_path / name, text)
        process = start_fix(tmp_path, ".")
        time.sleep(rng.uniform(0.15, 0.65))
        process.kill()
        process.communicate(timeout=30)  # workers still holding its output would make this wait
        at_death = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
        assert wait_until_gone(process.pid) == []
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == at_death  # nothing written after the kill
        for name, text in originals.items():
            assert at_death[name].decode("utf-8") in (text, expected[name]), name
        assert all(TEMP_NAME.match(name) for name in set(at_death) - set(originals))
    final = start_fix(tmp_path, ".")
    final.communicate(timeout=120)
    assert final.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(originals)
    assert all((tmp_path / name).read_text(encoding="utf-8") == expected[name] for name in originals)


# ------------------------------------------------------------------ one line, never a traceback


@pytest.mark.parametrize("who", ["root without DAC override", "a normal user"])
def test_an_unreadable_subdirectory_is_one_line_and_the_rest_is_fixed(shared, who):
    """A walked directory without read permission, and one that can be listed but not entered: one line each,
    exit 2, the other files fixed; for root whom permissions do not stop, and for a normal user."""
    good = write(shared / "docs" / "a.md", TABLE)
    private = write(shared / "docs" / "private" / "p.md", TABLE)
    listed = write(shared / "docs" / "listed" / "q.md", TABLE)
    if who.startswith("root"):
        prefix = without_file_permission_override()
    else:
        prefix = unprivileged()
        hand_over(shared)
    (shared / "docs" / "private").chmod(0)
    (shared / "docs" / "listed").chmod(0o644)  # names can be read, nothing in it can be looked at
    try:
        result = cli_process("fix", "docs", cwd=shared, prefix=prefix)
    finally:
        (shared / "docs" / "private").chmod(0o755)
        (shared / "docs" / "listed").chmod(0o755)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines() == ["docs/private: cannot read directory: permission denied",
                                          "docs/listed/q.md: cannot read: permission denied"]
    assert "<table" in good.read_text(encoding="utf-8")
    assert private.read_text(encoding="utf-8") == listed.read_text(encoding="utf-8") == TABLE


ODD_NAMES = {b"caf\xe9.md": '"caf\\xe9.md"', b"new\nline.md": '"new\\nline.md"', b"tab\t.md": '"tab\\t.md"'}


@pytest.mark.parametrize("form", ["text", "json", "github", "sarif"])
def test_file_names_that_are_not_utf8_or_have_a_line_break(tmp_path, form):
    """Every format prints such names (no traceback); text quotes them so that each finding is one line; JSON and
    annotations give valid Unicode (`\\xe9` for the byte); SARIF URIs percent-encode the name's bytes."""
    for name in ODD_NAMES:
        write(tmp_path / os.fsdecode(name), TABLE)
    write(tmp_path / os.fsdecode(b"bad\xff\n.md"), b"caf\xe9\n")  # an unreadable file with such a name
    result = cli_process("check", "--format", form, ".", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == '"bad\\xff\\n.md":1:4: not valid UTF-8 (invalid continuation byte: ' \
                                             'byte 0xe9)'
    if form == "text":
        lines = result.stdout.splitlines()
        assert [line.split(":1:1: ")[0] for line in lines[:-1]] == sorted(ODD_NAMES.values())
    elif form == "json":
        document = json.loads(result.stdout)
        assert sorted(d["path"] for d in document["diagnostics"]) == ["caf\\xe9.md", "new\nline.md", "tab\t.md"]
        assert document["errors"] == [{"path": "bad\\xff\n.md", "line": 1, "column": 4,
                                       "message": document["errors"][0]["message"]}]
    elif form == "github":
        files_ = [line.split(",")[0] for line in result.stdout.splitlines() if line.startswith("::warning")]
        assert files_ == ["::warning file=caf\\xe9.md", "::warning file=new%0Aline.md", "::warning file=tab\t.md"]
    else:
        run = json.loads(result.stdout)["runs"][0]
        uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]]
        assert uris == ["caf%E9.md", "new%0Aline.md", "tab%09.md"]
        notification = run["invocations"][0]["toolExecutionNotifications"][0]
        assert notification["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "bad%FF%0A.md"


# ------------------------------------------------------------------ configuration: typed, one line, inert


@pytest.mark.parametrize(("toml", "message"), [
    ('tool = 3\n', "pyproject.toml: tool must be a table, not 3"),
    ('[tool.house-tables.custom_style]\naccent = "red\\"><img src=x onerror=alert(1)>"\n',
     "pyproject.toml [tool.house-tables]: custom_style: accent must be a CSS color (e.g. #d55816, rgb(213 88 22), "
     "teal), not 'red\"><img src=x onerror=alert(1)>'"),
    ('[tool.house-tables.custom_style]\nheader_weight = true\n',
     "pyproject.toml [tool.house-tables]: custom_style: header_weight must be a font weight: a whole number from 1 "
     "to 1000, not True"),
    ('[tool.house-tables.custom_style]\nbody_padding = "1px; color: red"\n',
     "pyproject.toml [tool.house-tables]: custom_style: body_padding must be one to four CSS lengths (e.g. 9px "
     "12px), not '1px; color: red'"),
    ('[tool.house-tables.custom_style]\nbackgrounds = ["red", "url(x)"]\n',
     "pyproject.toml [tool.house-tables]: custom_style: backgrounds must be a list of two colors, each a CSS color, "
     "not ['red', 'url(x)']"),
    ('[tool.house-tables]\nlevels = {ht001 = "ignore"}\n',
     "pyproject.toml [tool.house-tables]: levels: has no code 'ht001' (did you mean 'HT001'?)"),
    ('[tool.house-tables]\nlevels = {HT999 = "ignore"}\n',
     "pyproject.toml [tool.house-tables]: levels: has no code 'HT999' (known: HT001, HT002, HT003, HT004, HT005, "
     "HT006, HT007, HT008, HT009, HT010, HT011, HT012, HT013, HT014)"),
])
def test_bad_configuration_values_are_one_line(here, capsys, toml, message):
    """Each is a usage error of one line naming the file and the option; nothing is written."""
    write(here / "pyproject.toml", toml)
    page = write(here / "a.md", TABLE)
    code, out, err = cli_run(capsys, "fix", "--config", "pyproject.toml", "a.md")
    assert (code, out, err) == (2, "", f"house-tables: {message}\n")
    assert page.read_text(encoding="utf-8") == TABLE


def test_valid_custom_style_values_are_written_escaped(here, capsys):
    """Colours, lengths and weights of every accepted kind convert; the values reach the table as given."""
    write(here / "pyproject.toml", '[tool.house-tables.custom_style]\naccent = "rgb(10 20 30 / 50%)"\n'
          'backgrounds = ["teal", "#fff8"]\nheader_padding = "0.5em 1rem"\nheader_weight = 650\n'
          'first_column_weight = 400\n')
    page = write(here / "a.md", TABLE)
    assert cli_run(capsys, "fix", "a.md")[0] == 0
    text = page.read_text(encoding="utf-8")
    assert 'borderBottom: "2px solid rgb(10 20 30 / 50%)"' in text and 'backgroundColor: "#fff8"' in text
    assert 'padding: "0.5em 1rem", fontWeight: 650' in text and "fontWeight: 400" in text


def test_style_values_are_escaped_on_output():
    """Even a value that bypassed validation cannot leave its attribute: a JS string in JSX, escaped in HTML."""
    from house_tables.config import Style
    from house_tables.rendering.layout import Grid, render_lines

    style = Style(accent='red"><img src=x onerror=alert(1)>')
    grid = Grid((None,), ("a",), (("1",),), (100,))
    jsx = "\n".join(render_lines(grid, style, "jsx"))
    assert 'borderBottom: "2px solid red\\"><img src=x onerror=alert(1)>"' in jsx
    html = "\n".join(render_lines(grid, style, "html"))
    assert 'style="border-bottom: 2px solid red&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in html


PLUGIN_OPTIONS = {
    "levels: {HT003: loud}": "option 'levels': HT003 must be one of warning, info, error, ignore, not 'loud'",
    "levels: {ht001: ignore}": "option 'levels': has no code 'ht001' (did you mean 'HT001'?)",
    "custom_style: {colour: red}": "option 'custom_style': has no option 'colour' (known: accent, "
                                   "backgrounds, body_padding, first_column_weight, header_nowrap, header_padding, "
                                   "header_weight)",
    "custom_style: {header_weight: true}": "option 'custom_style': header_weight must be a font "
                                           "weight: a whole number from 1 to 1000, not True",
    "colour: red": "option 'colour': Unrecognised configuration name: colour",
}


@pytest.mark.parametrize("option", sorted(PLUGIN_OPTIONS))
def test_mkdocs_build_with_a_bad_plugin_option_is_one_error_line(tmp_path, option):
    """MkDocs' own one-line configuration error naming the plugin and the option: no traceback, the build aborts
    (an unknown option too, as the README says; MkDocs alone would only warn)."""
    write(tmp_path / "docs" / "index.md", TABLE)
    write(tmp_path / "mkdocs.yml", f"site_name: t\nplugins:\n  - house-tables:\n      {option}\n")
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "plugin"), "PYTHONDONTWRITEBYTECODE": "1"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=tmp_path, env=environment,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [f"ERROR   -  Config value 'plugins': Plugin 'house-tables' {PLUGIN_OPTIONS[option]}"]
    assert not (tmp_path / "site").exists()
