"""The command line's reliability and safety (issue 17): no write the user did not ask for, one line (never a
traceback) for bad input, nothing from the configuration becomes active markup."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from test_cli import TABLE, cli, cli_process, cli_run, write


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


def test_the_pool_is_no_larger_than_the_files_and_the_cpus(here, capsys, monkeypatch):
    """--jobs 200 on 40 files starts at most min(40, CPUs) processes."""
    for index in range(40):
        write(here / "docs" / f"p{index:02}.md", TABLE)
    sizes = []

    class Pool(cli.ProcessPoolExecutor):
        """Records the pool's size."""

        def __init__(self, *args, **kwargs):
            """Record, then make the real pool."""
            sizes.append(kwargs.get("max_workers"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(cli, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(cli, "PARALLEL_THRESHOLD", 4)
    assert cli_run(capsys, "check", "--jobs", "200", "docs")[0] == 1
    monkeypatch.setattr(cli, "available_cpus", lambda: 64)
    assert cli_run(capsys, "check", "--jobs", "200", "docs")[0] == 1
    assert sizes == [min(40, len(os.sched_getaffinity(0))), 40]


def unprivileged() -> tuple[str, ...]:
    """A command prefix that runs as a normal user: as root, `setpriv` to nobody; otherwise nothing (we are one)."""
    if os.geteuid() != 0:
        return ()
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
