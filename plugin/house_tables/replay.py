"""The console script's way in: a `check` whose every input is as an earlier run noted it prints that run's output
again, without importing the command line, the configuration readers or the parsers.

A `check` run that used the cache notes what its output depends on (observed.py): the engine, its arguments, the
current directory, and every probe of the file system that decided something, with the answer it used: the
Markdown files and subdirectories of each directory walked, each configuration file looked for, the stat of each
configuration file and page whose bytes were used, taken before they were read (trusted as the cache trusts it:
older than its racy window, so a change of the bytes changes it). The run's output (stdout and stderr, in order)
and exit code are kept with the notes beside the cache (`<cache dir>/<key>.replay`).

The next run with the same arguments in the same directory asks the same probes again, in a few system calls
each (no file is read). When every answer is the same, every decision the run took would be the same (they depend
on nothing else), so its output is: it is printed, byte for byte. Anything different, missing or unreadable means
the full command line runs (and notes its inputs anew).
"""

from __future__ import annotations

import contextlib
import gc
import marshal
import os
import sys
import time

from . import observed
from .observed import CACHE_DIR_ENV, CACHE_DIR_NAME

FORMAT = b"house-tables-replay 1"
SUFFIX = ".replay"
# The order a replay asks its probes in: what changes most often and costs least first (an edited page fails a
# replay at its stat), the scans of the siblings of every directory above the pages last.
ASKED_FIRST = {kind: order for order, kind in enumerate(
    ("engine", "file", "walk", "stat", "modules", "isdir", "lexists", "realpath", "isfile", "claims"))}


def main() -> None:
    """Console script (and `python -m house_tables`): a replay when there is one, else the command line."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    gc.disable()  # a record is thousands of small tuples and no cycles: collecting them only costs (9% of a replay)
    code = replayed(sys.argv[1:])
    if code is None and sys.argv[1:2] in (["check"], ["fix"]):
        from .collector import pause_start_up

        pause_start_up()  # kept off through the command line's start-up (see collector.resume_after_start_up)
    else:
        gc.enable()
    if code is None:
        from .cli import main as command_line

        command_line()
    raise SystemExit(code)


def replayed(argv: list[str]) -> int | None:
    """Print the output of an earlier run that nothing has changed since, and return its exit code; None when there
    is no such run (nothing printed)."""
    if not argv or argv[0] != "check" or observed.cache_refused_by_environment():
        return None
    try:
        record = _valid_record(argv)
    except Exception:  # a damaged, foreign or unreadable record: the command line runs
        return None
    if record is None:
        return None
    return _print(record[0], record[1])


def _valid_record(argv: list[str]) -> tuple | None:
    """(chunks, exit code) of the record for these arguments here, when every probe it noted answers the same."""
    cwd = os.getcwd()
    identity = _identity(argv, cwd)
    name = record_name(identity)
    for directory in candidate_dirs(cwd):
        try:
            with open(os.path.join(directory, name), "rb") as handle:
                data = handle.read()
        except OSError:
            continue
        magic, recorded_identity, notes, chunks, code = marshal.loads(data)
        if magic == FORMAT and recorded_identity == identity and observed.unchanged(notes):
            return chunks, code
        return None
    return None


def _identity(argv: list[str], cwd: str) -> tuple:
    """What a record is for: the arguments, the current directory and who runs (what may be read)."""
    return tuple(argv), cwd, os.geteuid() if hasattr(os, "geteuid") else 0


def record_name(identity: tuple) -> str:
    """The record's file name (a checksum of its identity, which the record holds in full)."""
    import binascii

    argv, cwd, user = identity
    text = "\0".join([*argv, cwd, str(user)]).encode("utf-8", "surrogateescape")  # marshal's bytes vary (refcounts)
    return f"{binascii.crc32(text):08x}{SUFFIX}"


def candidate_dirs(cwd: str) -> list[str]:
    """Where a record can be: $HOUSE_TABLES_CACHE_DIR when set (the cache is nowhere else), else a cache directory
    beside the configuration of the current directory (in it or above), else the user cache directory."""
    if os.environ.get(CACHE_DIR_ENV):
        return [os.environ[CACHE_DIR_ENV]]
    found, directory = [], cwd
    while True:
        found.append(os.path.join(directory, CACHE_DIR_NAME))
        parent = os.path.dirname(directory)
        if parent == directory:
            break
        directory = parent
    found.append(observed.user_cache_dir())
    return found


def _print(chunks, code: int) -> int:
    """Write the recorded output, in order; a closed pipe as the command line handles it."""
    streams = (sys.stdout, sys.stderr)
    try:
        for which, text in chunks:
            streams[which].write(text)
            if which == 1:
                sys.stderr.flush()
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `house-tables check docs | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return code


# ------------------------------------------------------------------ recording (in a full run)


class Recorder:
    """Stands in for stdout and stderr during a full run: writes through, and keeps what was written, in order."""

    def __init__(self):
        self.chunks: list[list] = []  # [stream, [texts written to it in a row]]: joined once, when saved
        self.streams = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = _Tee(self, 0), _Tee(self, 1)

    def restore(self) -> None:
        sys.stdout, sys.stderr = self.streams

    def add(self, which: int, text: str) -> None:
        if self.chunks and self.chunks[-1][0] == which:
            self.chunks[-1][1].append(text)  # not +=: a string held by a list is copied whole on every write
        else:
            self.chunks.append([which, [text]])

    def save(self, argv: list[str], code: int) -> None:
        """Keep the run for a replay, when everything it depends on was noted and is still as noted."""
        notes, refused = observed.stop()
        directory = observed.destination
        if notes is None or refused or directory is None or observed.checkable(notes) is not None:
            return
        chunks = [(which, "".join(texts)) for which, texts in self.chunks]
        if any(which == 1 and "\r" in text for which, text in chunks):  # a progress bar was drawn
            return
        if ("engine", "") not in notes:
            return
        # Not asked again here: each answer was noted as the run used it (a stat before the bytes were read), so a
        # change since makes the next replay's answer differ, and a change undone leaves the output right.
        listed = sorted(((kind, path, answer) for (kind, path), answer in notes.items()),
                        key=lambda entry: ASKED_FIRST.get(entry[0], len(ASKED_FIRST)))
        identity = _identity(argv, os.getcwd())
        try:
            data = marshal.dumps((FORMAT, identity, listed, chunks, code))
            path = os.path.join(directory, record_name(identity))
            created = not os.path.exists(path)
            _write_atomic(path, data)
        except (OSError, ValueError):  # a record that cannot be written is no error
            return
        if created:
            observed.prune_stale(directory, time.time())


class _Tee:
    """One of the Recorder's streams."""

    def __init__(self, recorder: Recorder, which: int):
        self._recorder, self._which, self._stream = recorder, which, recorder.streams[which]

    def write(self, text: str) -> int:
        written = self._stream.write(text)
        self._recorder.add(self._which, text)
        return written

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def _write_atomic(path: str, data: bytes) -> None:
    """Replace a record (a temporary file, then os.replace: a concurrent replay reads the old or the new one)."""
    directory = os.path.dirname(path)
    os.makedirs(directory, exist_ok=True)
    temp = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        with open(temp, "xb") as handle:
            handle.write(data)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
