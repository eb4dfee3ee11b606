"""What a `check` run's output depends on outside its arguments, noted while it runs: each probe of the file system
that decided something (is there an options file here, which Markdown files and subdirectories does a directory
hold, which sibling holds a Docusaurus config) with its answer, and the stat of every file whose bytes were used
(configuration files, pages). replay.py asks the same questions again: when every answer is the same, the run's
output is the same, and it is printed without running anything.

Only a main process that was asked to (start) notes anything: the plugin, the LSP and `fix` never do. A run that
depends on something these notes cannot hold (a symbolic link, a file changed too recently to trust its stat, a
configuration the cache does not keep) is marked refused, and no replay is written for it.

This module is imported by the replay before anything else: it imports only os and time.
"""

from __future__ import annotations

import os
import time

MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx")  # as files.py walks them (files.py takes them from here)
_notes: dict | None = None  # (kind, path) -> answer, while a run is observed
_refused: list[str] = []  # why this run cannot be replayed
_INCONSISTENT = ("inconsistent",)  # the same question answered twice differently during one run
destination: str | None = None  # the cache directory of the observed run (where its replay is kept)


def start() -> None:
    """Note what this process's run depends on from now on."""
    global _notes, destination
    _notes, destination = {}, None
    _refused.clear()


def stop() -> tuple[dict | None, list[str]]:
    """The notes and the refusals so far; nothing is noted any more."""
    global _notes
    notes, _notes = _notes, None
    return notes, list(_refused)


def active() -> bool:
    """Whether this run is being observed."""
    return _notes is not None


def refuse(reason: str) -> None:
    """This run depends on something a replay could not check."""
    if _notes is not None:
        _refused.append(reason)


def note(kind: str, path: str, answer) -> None:
    """One probe and its answer (answer(kind, path) gives it again)."""
    if _notes is None:
        return
    key = (kind, path)
    if _notes.get(key, answer) != answer:
        answer = _INCONSISTENT
    _notes[key] = answer


# ------------------------------------------------------------------ the probes (each asked again by answer)


def isfile(path) -> bool:
    """os.path.isfile, noted."""
    found = os.path.isfile(path)
    note("isfile", os.fspath(path), found)
    return found


def before_read(path) -> None:
    """Note the stat of a file whose bytes are about to be used, if it can say they are unchanged later (see
    cache.trusted_stat); a replay needs the same stat, so the same bytes."""
    if _notes is None:
        return
    from .cache import trusted_stat

    started = time.time_ns()
    try:
        info = os.stat(path)
    except OSError:
        note("stat", os.fspath(path), None)
        return
    trusted = trusted_stat(info, started)
    note("stat", os.fspath(path), trusted)
    if trusted is None:
        refuse(f"{path} changed too recently")


def stat_tuple(path) -> tuple | None:
    """A file's identity, size, mtime and ctime (as cache.trusted_stat keeps them), or None when it is gone."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def listing(entries) -> tuple:
    """What discovery uses of a directory's entries (os.DirEntry): each subdirectory, symbolic link and Markdown
    file by name, with whether it is a directory and a link. Other files (the cache's own, temporary files) leave
    it unchanged."""
    found = []
    for entry in entries:
        link = entry.is_symlink()
        directory = entry.is_dir(follow_symlinks=False)
        if link or directory or entry.name.lower().endswith(MARKDOWN_SUFFIXES):
            found.append((entry.name, directory, link))
    found.sort()
    return tuple(found)


def directory_listing(path: str) -> tuple | None:
    """listing of a directory as it is now (None when it cannot be read)."""
    try:
        with os.scandir(path) as entries:
            return listing(entries)
    except OSError:
        return None


def docusaurus_configs(parent, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """The subdirectories of parent (by path, sorted) that hold a Docusaurus config, with its name (the first of
    names there), noted with each config's stat (its text decides which directories it claims)."""
    found = _configs_in(os.fspath(parent), names)
    if _notes is not None:
        for child, name in found:
            before_read(os.path.join(child, name))
        note("claims", os.fspath(parent), (names, tuple(found)))
    return found


def _configs_in(parent: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """docusaurus_configs, without noting it. [] when parent cannot be read."""
    try:
        with os.scandir(parent) as entries:
            children = sorted(entry.path for entry in entries if entry.is_dir(follow_symlinks=False))
    except OSError:
        return []
    found = []
    for child in children:
        name = next((name for name in names if os.path.isfile(os.path.join(child, name))), None)
        if name is not None:
            found.append((child, name))
    return found


def module_stats(modules) -> tuple:
    """The size and mtime of Python files (a site's local modules) as they are now (-1, -1 when gone)."""
    found = []
    for file, _, _ in modules:
        try:
            info = os.stat(file)
            found.append((file, info.st_size, info.st_mtime_ns))
        except OSError:
            found.append((file, -1, -1))
    return tuple(found)


def answer(kind: str, path: str, noted):
    """The answer a probe gives now (noted: the answer it gave then, which says what was asked)."""
    if kind == "isfile":
        return os.path.isfile(path)
    if kind == "isdir":
        return os.path.isdir(path)
    if kind == "lexists":
        return os.path.lexists(path)
    if kind == "realpath":
        return os.path.realpath(path)
    if kind in ("stat", "file"):
        return stat_tuple(path)
    if kind == "walk":
        return directory_listing(path)
    if kind == "claims":
        names = tuple(noted[0])
        found = _configs_in(path, names)
        return names, tuple(found)
    if kind == "modules":
        return module_stats(noted)
    if kind == "engine":
        return tuple(engine_parts())
    return _INCONSISTENT  # a kind this version does not know: never the same


def unchanged(notes) -> bool:
    """Whether every probe noted (kind, path, answer) gives the same answer now."""
    return all(answer(kind, path, noted) == noted for kind, path, noted in notes)


def checkable(notes: dict) -> str | None:
    """Why a run's notes cannot be replayed (None when they can): a stat that could not be trusted, a symbolic
    link in a walked directory, a question answered differently within the run."""
    for (kind, path), noted in notes.items():
        if noted is _INCONSISTENT or noted == _INCONSISTENT:
            return f"{path}: changed during the run"
        if kind in ("stat", "file") and noted is None:
            return f"{path}: no trusted stat"
        if kind == "walk" and (noted is None or any(link for _, _, link in noted)):
            return f"{path}: unreadable, or holds a symbolic link"
    return None


# ------------------------------------------------------------------ the engine and the cache's place

CACHE_DIR_ENV = "HOUSE_TABLES_CACHE_DIR"
NO_CACHE_ENV = "HOUSE_TABLES_NO_CACHE"
CACHE_DIR_NAME = ".house-tables-cache"


def cache_refused_by_environment() -> bool:
    """Whether $HOUSE_TABLES_NO_CACHE asks for no cache (set to anything but empty, 0 or false)."""
    return os.environ.get(NO_CACHE_ENV, "") not in ("", "0", "false")


def user_cache_dir() -> str:
    """The platform's cache directory for house-tables (XDG on Linux, ~/Library/Caches on macOS, LOCALAPPDATA on
    Windows)."""
    import sys

    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.expanduser(r"~\AppData\Local")
        return os.path.join(base, "house-tables", "Cache")
    if sys.platform == "darwin":
        return os.path.expanduser("~/Library/Caches/house-tables")
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "house-tables")

# Files of the cache directory nothing has written for this long are deleted when a new one is created there (an
# upgrade's engine, another argument list, a killed run's temporary file): a deleted entry is only a cache miss.
STALE_SECONDS = 30 * 24 * 3600
CACHE_FILE_SUFFIXES = (".cache", ".replay", ".tmp")


def prune_stale(directory: str, now: float) -> None:
    """Delete the cache files (never anything else) of a cache directory unwritten for STALE_SECONDS."""
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        try:
            if (entry.name.endswith(CACHE_FILE_SUFFIXES) and entry.is_file(follow_symlinks=False)
                    and now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS):
                os.unlink(entry.path)
        except OSError:  # gone already, or not ours to delete: left alone
            continue


_engine_newest = 0  # the latest change of a source file engine_parts saw


def note_engine(parts: list[bytes]) -> None:
    """Note the engine a run starts with (engine_parts); a source changed within the racy window (see
    cache.trusted_stat) may change again without its stat changing: no replay then."""
    if _notes is None:
        return
    from .cache import RACY_NS

    note("engine", "", tuple(parts))
    if _engine_newest > time.time_ns() - RACY_NS:
        refuse("house-tables' sources changed too recently")


def engine_parts() -> list[bytes]:
    """What the engine is: Python, house-tables' own sources (size, mtime and ctime: an editable install changes
    without a new version), and the name (so the version) of every distribution installed where Python imports from."""
    import sys

    from . import __version__

    global _engine_newest
    parts = [sys.version.encode(), sys.implementation.cache_tag.encode(), __version__.encode()]
    package = os.path.dirname(os.path.abspath(__file__))
    _engine_newest = 0
    for directory, subdirectories, names in os.walk(package):
        subdirectories[:] = sorted(name for name in subdirectories if name != "__pycache__")
        for name in sorted(names):
            if name.endswith((".py", ".json", ".toml", ".txt")):
                info = os.stat(os.path.join(directory, name))
                _engine_newest = max(_engine_newest, info.st_mtime_ns, info.st_ctime_ns)
                parts.append(f"{os.path.relpath(os.path.join(directory, name), package)}:{info.st_size}:"
                             f"{info.st_mtime_ns}:{info.st_ctime_ns}".encode())  # ctime: no edit can keep it
    for entry in sys.path:
        if os.path.basename(entry) in ("site-packages", "dist-packages"):
            parts.append(entry.encode("utf-8", "surrogateescape"))
            try:
                names = sorted(os.listdir(entry))
            except OSError:
                continue
            parts += [name.encode("utf-8", "surrogateescape") for name in names
                      if name.endswith((".dist-info", ".egg-info", ".egg-link", ".pth"))]
    return parts
