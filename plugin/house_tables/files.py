"""Files for the command line: finding Markdown files, reading them exactly, writing them atomically."""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from . import observed
from .observed import MARKDOWN_SUFFIXES

SKIPPED_DIRS = frozenset({"node_modules", ".git", "site", ".venv", "venv", "__pycache__"})
TEMP_SUFFIX = ".house-tables-tmp"
TEMP_NAME = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + "$")  # as tempfile.mkstemp names
PAUSE_HOOK = "HOUSE_TABLES_TEST_PAUSE_BEFORE_REPLACE"  # tests only: see _pause_for_tests

try:  # advisory locks between house-tables runs (POSIX); elsewhere only the content check protects a write
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


class FileProblem(Exception):
    """A file that cannot be read, decoded or written; the message says why (without the path), and `at` where in the
    file, (line, column), when a place is the reason (the first byte that is not UTF-8)."""

    def __init__(self, message: str, at: tuple[int, int] | None = None):
        super().__init__(message)
        self.at = at


@dataclass(frozen=True)
class Loaded:
    """A file's text (decoded exactly: BOM and line endings kept) and its state when it was read."""

    text: str
    stat: os.stat_result
    digest: bytes = b""  # SHA-256 of the bytes read: a write replaces the file only if it still has them


def digest(data: bytes) -> bytes:
    """The SHA-256 of some bytes (what a file must still contain for a write to replace it)."""
    import hashlib  # here, as glob and tempfile below: a cached `check` starts faster without them

    return hashlib.sha256(data).digest()


@dataclass(frozen=True)
class GlobSet:
    """gitignore-style patterns over paths relative to a base directory, the same for every front end (pathspec's
    GitIgnoreSpec, as MkDocs' own `exclude_docs`): `draft.md` matches at any depth, `docs/draft.md` only at the
    base, `legacy/` a directory and everything in it, `**` any number of directories, `!keep.md` re-includes.
    The base is the directory of the file that sets the patterns (docs_dir for the plugin entry of an mkdocs.yml,
    the current directory for the command line's --exclude)."""

    patterns: tuple[str, ...] = ()
    base: Path | None = None  # None: paths are matched as given

    def __post_init__(self):
        if not self.patterns:  # matches nothing: pathspec (a costly import) is not needed
            return
        import pathspec

        try:
            spec = pathspec.GitIgnoreSpec.from_lines(self.patterns)
            spec.match_file("x")  # pathspec compiles lazily in some versions: a bad range fails here
        except Exception as error:  # re.error, pathspec's GitWildMatchPatternError
            raise ValueError(f"has a pattern that is not a glob: {error}") from None
        object.__setattr__(self, "_spec", spec)

    def matches(self, path: Path | str, directory: bool = False) -> bool:
        """Whether the path (a file, or a directory) matches; a path outside the base matches as given."""
        if not self.patterns:
            return False
        relative = self.relative(path)
        return self._spec.match_file(relative + "/" if directory else relative)

    def relative(self, path: Path | str) -> str:
        """The path as patterns see it: relative to the base when under it, else as given (without ./ and ../)."""
        if self.base is not None:
            with suppress(ValueError):
                return Path(os.path.abspath(path)).relative_to(self.base).as_posix()
        parts = [part for part in Path(path).as_posix().split("/") if part not in ("", ".", "..")]
        return "/".join(parts)


class LazySpec:
    """A GitIgnoreSpec made from its lines when a file is first matched (pathspec is a costly import, and many runs
    match no file against it: a recorded site's in a replay, MkDocs' default exclusion where no page lies under
    docs_dir)."""

    def __init__(self, lines: tuple[str, ...]):
        self.lines, self._spec = lines, None

    def match_file(self, path: str) -> bool:
        return self.spec.match_file(path)

    @property
    def spec(self):
        """The GitIgnoreSpec itself."""
        if self._spec is None:
            import pathspec

            self._spec = pathspec.GitIgnoreSpec.from_lines(self.lines)
        return self._spec


def page_selected(src: str, include: GlobSet, exclude: GlobSet) -> bool:
    """Whether a path is checked: matched by include (or include has no patterns) and not by exclude."""
    return (not include.patterns or include.matches(src)) and not exclude.matches(src)


@dataclass(frozen=True)
class Selection:
    """The command line's --exclude globs (relative to the current directory): directories matching one are not
    walked, files matching one are not read. The configuration's include/exclude are each file's own (settings)."""

    exclude: GlobSet = field(default_factory=GlobSet)

    def excluded(self, path: Path, directory: bool = False) -> bool:
        """Whether a file or directory matches an exclude glob."""
        return self.exclude.matches(path, directory)

    def selected(self, path: Path) -> bool:
        """Whether a file is to be processed."""
        return not self.exclude.patterns or not self.excluded(path)


@dataclass
class Discovery:
    """The files to process, in order, each once; and the given paths that could not be used."""

    files: list[Path] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)  # each file's os.path.realpath, as files (for Settings.selects)
    parents: list[str] = field(default_factory=list)  # each file's parent_of, as files (its settings' key)
    problems: list[tuple[str, str]] = field(default_factory=list)
    leftovers: list[Path] = field(default_factory=list)  # temporary files of writes (maybe of an interrupted run)
    seen_files: set[str] = field(default_factory=set)
    seen_dirs: set[str] = field(default_factory=set)

    def add(self, path: Path, real: str | None = None, parent: str | None = None) -> None:
        """Keep a file unless the same file was already found under another name (real: its resolved path, parent:
        its parent_of, when the caller knows them)."""
        real = real or os.path.realpath(path)
        if real not in self.seen_files:
            self.seen_files.add(real)
            self.files.append(path)
            self.resolved.append(real)
            self.parents.append(parent_of(path) if parent is None else parent)


def parent_of(path: Path | str) -> str:
    """A file's directory as Path(path).parent names it (without making Path objects: this is per file)."""
    return os.path.dirname(path) or "."


def discover(paths: Iterable[str], selection: Selection | None = None) -> Discovery:
    """Given files as they are, and the Markdown files under given directories (sorted, walked safely)."""
    selection = selection or Selection()
    found = Discovery()
    for given in paths:
        path = Path(given)
        is_dir = path.is_dir()
        observed.note("isdir", given, is_dir)
        if is_dir:  # walked even if it matches a glob (`.`, `..`): globs apply to what is inside
            root = os.path.realpath(path)
            observed.note("realpath", given, root)
            found.seen_dirs.add(root)
            _walk(path, root, selection, found)
        elif _lexists(given):
            observed.note("realpath", given, os.path.realpath(path))
            if selection.selected(path):
                found.add(path)
                found.leftovers.extend(_temp_files_of(path))
        else:
            found.problems.append((given, "no such file or directory"))
    return found


def _lexists(given: str) -> bool:
    """os.path.lexists, noted."""
    found = os.path.lexists(given)
    observed.note("lexists", given, found)
    return found


def _walk(top: Path, root: str, selection: Selection, found: Discovery) -> None:
    """Add the Markdown files under a directory (each directory's files, then its subdirectories, by name)."""
    stack = [(top, root)]
    while stack:  # not recursive: any depth is fine
        directory, real = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
        except OSError as error:
            found.problems.append((str(directory), f"cannot read directory: {reason(error)}"))
            continue
        if observed.active():
            observed.note("walk", str(directory), observed.listing(entries))
        named = str(directory)  # parent_of each file found here (directory / name is its own name, a slash, name)
        subdirectories = [walked for walked in (_visit(directory / e.name, e, root, selection, found, real, named)
                                                for e in entries) if walked is not None]
        stack.extend(reversed(subdirectories))


def _visit(path: Path, entry: os.DirEntry, root: str, selection: Selection, found: Discovery,
           parent: str, named: str | None = None) -> tuple[Path, str] | None:
    """Add a Markdown file; return a directory still to walk, with its resolved path (None for anything skipped).
    parent is the resolved path of the directory being walked: an entry that is no symbolic link resolves to it and
    its own name (os.path.realpath would look at every component again). named: the directory's name as walked."""
    kind = _kind(entry, root)
    real = None if entry.is_symlink() else _joined(parent, entry.name)
    if kind == "dir" and not _skipped_dir(path) and not selection.excluded(path, directory=True):
        real = real or os.path.realpath(path)
        if real not in found.seen_dirs:
            found.seen_dirs.add(real)
            return path, real
    elif kind == "file" and entry.name.lower().endswith(MARKDOWN_SUFFIXES) and selection.selected(path):
        found.add(path, real, named)
    elif kind == "file" and TEMP_NAME.match(entry.name) and not entry.is_symlink():
        found.leftovers.append(path)
    return None


def _joined(directory: str, name: str) -> str:
    """os.path.join(directory, name) for a directory entry's name (which holds no separator): on POSIX the same
    string without posixpath's generic steps (this is per file)."""
    if os.sep != "/":
        return os.path.join(directory, name)
    return directory + name if not directory or directory.endswith("/") else f"{directory}/{name}"


def _temp_files_of(path: Path) -> list[Path]:
    """The temporary files of writes to a file named on the command line (beside the file it resolves to)."""
    import glob

    real = Path(os.path.realpath(path))
    with suppress(OSError):
        return sorted(real.parent.glob(glob.escape(f".{real.name}.") + "*" + TEMP_SUFFIX))
    return []


def remove_leftover(temp: Path) -> bool:
    """Delete the temporary file of a write that did not finish (a killed run): only when no run is writing its
    file now (that run holds the file's lock). True when it was deleted."""
    match = TEMP_NAME.match(temp.name)
    if match is None:
        return False
    try:
        with locked(str(temp.parent / match["target"]), wait=False):
            return _unlink(temp)
    except FileNotFoundError:  # its file is gone, so no run is writing it
        return _unlink(temp)
    except OSError:  # BlockingIOError: a run is writing that file now
        return False


def _unlink(path: Path) -> bool:
    """Delete a file; False when it is already gone."""
    try:
        os.unlink(path)
        return True
    except FileNotFoundError:
        return False


def _kind(entry: os.DirEntry, root: str) -> str | None:
    """"dir", "file" (anything else that is not a directory), or None for a link out of the tree or to nothing."""
    if entry.is_symlink():
        real = os.path.realpath(entry.path)
        if not os.path.exists(real) or not _inside(real, root):
            return None
        return "dir" if os.path.isdir(real) else "file"
    try:
        return "dir" if entry.is_dir(follow_symlinks=False) else "file"
    except OSError:
        return "file"


def _inside(real: str, root: str) -> bool:
    """Whether a resolved path is the root or under it."""
    try:
        return os.path.commonpath([real, root]) == root
    except ValueError:  # another drive
        return False


def _skipped_dir(path: Path) -> bool:
    """node_modules, .git, site/, __pycache__ and virtual environments."""
    # os.path.isfile, not Path.is_file: in a directory we may not search, Path.is_file raises PermissionError,
    # and such a directory is to be reported by the walk (cannot read directory), not to stop it.
    return path.name in SKIPPED_DIRS or observed.isfile(path / "pyvenv.cfg")


def reason(error: BaseException) -> str:
    """Why an operating-system or decoding error happened, in a few words (where: undecodable_at)."""
    if isinstance(error, UnicodeDecodeError):
        bad = error.object[error.start : error.start + 1].hex()
        return f"not valid UTF-8 ({error.reason}: byte 0x{bad})"
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[0].lower() + error.strerror[1:]
    return str(error) or type(error).__name__


def undecodable_at(error: UnicodeDecodeError) -> tuple[int, int]:
    """The 1-based line and column of the first byte that is not UTF-8, counted as findings count: lines end at LF,
    CRLF or a lone CR, the column is the characters before it on its line plus one, a leading BOM not counted."""
    before = error.object[: error.start].decode("utf-8").removeprefix("\ufeff")  # valid up to the error
    lines = re.split(r"\r\n|\r|\n", before)
    return len(lines), len(lines[-1]) + 1


def cannot_read(shown: str, error: OSError | UnicodeDecodeError) -> str:
    """A configuration file's error: `path:line:col: cannot read: not valid UTF-8 (...)` at the first byte that is
    not UTF-8, `path: cannot read: reason` otherwise."""
    where = ":{}:{}".format(*undecodable_at(error)) if isinstance(error, UnicodeDecodeError) else ""
    return f"{shown}{where}: cannot read: {reason(error)}"


def read_text(path: Path | str, *, for_writing: bool = True) -> Loaded:
    """The exact text of a UTF-8 file: bytes decoded strictly, line endings and a BOM kept; with the digest a write
    compares with unless it is not for writing (check: hashing costs about as much as reading)."""
    try:
        data, info = _read_bytes(path)
        return Loaded(data.decode("utf-8"), info, digest(data) if for_writing else b"")
    except UnicodeDecodeError as error:
        raise FileProblem(reason(error), undecodable_at(error)) from None
    except OSError as error:
        raise FileProblem(f"cannot read: {reason(error)}") from None


def _read_bytes(path: Path | str) -> tuple[bytes, os.stat_result]:
    """The bytes of a regular file and its stat (opened without blocking, so a FIFO is refused, not waited on)."""
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "not a regular file")
        return _read_all(fd), info
    finally:
        os.close(fd)


def _read_all(fd: int) -> bytes:
    """Every byte of an open file, from its start."""
    chunks, offset = [], 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def write_atomic(path: Path | str, data: bytes, read: Loaded | None = None) -> bool:
    """Replace a file's bytes atomically (temporary file beside it, then os.replace), keeping its permissions; only
    while it still holds what was read (compare and swap). False when it already holds `data` (nothing written)."""
    try:
        return _replace(os.path.realpath(path), data, read)
    except OSError as error:
        raise FileProblem(f"cannot write: {reason(error)}; left unchanged") from None


def _replace(target: str, data: bytes, read: Loaded | None) -> bool:
    """Under the target's lock: check that it is unchanged and writable, write a temporary file in its directory,
    and check again right before renaming that over the target, so an edit made meanwhile is never overwritten."""
    import tempfile

    with locked(target) as fd:
        current = _current(fd, read, data)
        if current is None:
            return False
        _refuse_read_only(target, current)
        directory, name = os.path.split(target)
        temp_fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=TEMP_SUFFIX, dir=directory)
        try:
            with os.fdopen(temp_fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            _copy_permissions(current, temp)
            _pause_for_tests(temp)
            if _current(fd, read, data) is None or _identity(os.stat(target)) != _identity(current):
                raise _changed_error()
            os.replace(temp, target)
        except BaseException:
            with suppress(OSError):
                os.unlink(temp)
            raise
    _sync_directory(directory)
    return True


@contextmanager
def locked(target: str, wait: bool = True) -> Iterator[int]:
    """An exclusive advisory lock on the file now at `target` (flock on its inode), held while a house-tables run
    replaces it: two runs never interleave on one file, and a run's temporary file is never taken for a leftover.
    Yields the locked descriptor. Without waiting, BlockingIOError says another run holds it."""
    while True:
        fd = os.open(target, _READ_FLAGS)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
            if _identity(os.fstat(fd)) == _identity(os.stat(target)):  # else it was replaced while we waited
                yield fd
                return
        finally:
            os.close(fd)


def _current(fd: int, read: Loaded | None, data: bytes) -> os.stat_result | None:
    """The locked file's stat while it holds exactly what was read (same inode, size, mtime and SHA-256: mtimes
    alone are too coarse); None when it already holds `data` (another run wrote it); else the changed error."""
    info = os.fstat(fd)
    if read is None:
        return info
    content = _read_all(fd)
    if _stat_key(info) == _stat_key(read.stat) and digest(content) == read.digest:
        return info
    if content == data:
        return None
    raise _changed_error()


def _changed_error() -> OSError:
    """The error of a file that changed on disk after it was read."""
    return OSError(0, "the file changed on disk while it was being fixed")


def _identity(info: os.stat_result) -> tuple[int, int]:
    """Which file this is: device and inode."""
    return info.st_dev, info.st_ino


def _stat_key(info: os.stat_result) -> tuple:
    """Which file, and its state: identity, size, modification time."""
    return _identity(info), info.st_size, info.st_mtime_ns


def _refuse_read_only(target: str, info: os.stat_result) -> None:
    """A read-only file is not replaced: not writable for this user, or (for root, whom permissions do not stop)
    without any write permission bit."""
    if not os.access(target, os.W_OK) or not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise PermissionError(13, "Permission denied (the file is read-only)")


def _copy_permissions(original: os.stat_result, temp: str) -> None:
    """Give the temporary file the original's mode (and, where allowed, its owner)."""
    if hasattr(os, "chown"):
        with suppress(OSError):
            own = os.stat(temp)
            if (own.st_uid, own.st_gid) != (original.st_uid, original.st_gid):
                os.chown(temp, original.st_uid, original.st_gid)
    os.chmod(temp, stat.S_IMODE(original.st_mode))


def _pause_for_tests(temp: str) -> None:
    """Test hook: with HOUSE_TABLES_TEST_PAUSE_BEFORE_REPLACE=marker, name the temporary file in marker and wait
    (at most 600 s) until the test removes the marker: a slow disk between writing and renaming."""
    marker = os.environ.get(PAUSE_HOOK)
    if marker:
        Path(marker).write_text(temp, encoding="utf-8")
        deadline = time.monotonic() + 600
        while os.path.exists(marker) and time.monotonic() < deadline:
            time.sleep(0.01)


def _sync_directory(directory: str) -> None:
    """Make the rename durable where the platform allows it."""
    with suppress(OSError, AttributeError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
