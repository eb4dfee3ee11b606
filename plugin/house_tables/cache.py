"""The result cache of `house-tables check`, as ruff keeps one: a file whose bytes, dialect, configuration and
engine are those of an earlier run gets that run's result without being parsed again.

A result is found under a key that holds everything it depends on (a stale entry would be a wrong answer):

- the engine: Python's version, house-tables' own source files (size and mtime: an editable install changes without
  a new version), and the name (so the version) of every distribution installed where Python imports from
  (Python-Markdown, pymdown-extensions, MkDocs, PyYAML, Pygments, ...);
- the configuration: the current directory (paths are shown relative to it), and the bytes of the configuration
  files that discovery chose for the file's directory (the options file, the mkdocs.yml with its INHERIT chain, the
  Docusaurus or Mintlify config, or --config's file), plus the size and mtime of every Python module outside the
  installed distributions that loading an mkdocs.yml imported (a local extension, a `!!python/name:` target);
- the command's options that change results (--verify, --cross-check, --form) and the file's dialect;
- the file's path as given and its bytes (SHA-256); on a site with mkdocs-include-markdown-plugin, a page's result
  also under the path and bytes of every file the plugin pastes into it (check reads the page as the build does), and
  not at all when a directive names its files by a glob pattern (a file added later may match).

An mkdocs.yml whose result depends on more than that is not cached: `!ENV` (the environment), `hooks:` (code that may
read anything), `!!python/object` tags, extensions that read other files (markdown-include, mdx_include,
snippets' `auto_append` and `url_download`), and mkdocs-markdownextradata-plugin (pages are read as it renders them,
with the site's data files); with pymdown-extensions' snippets, a page holding a `-8<-` mark is
read anew every run.

Everything lives in one file per engine, current directory and options (`<cache dir>/<key>.cache`, marshal: no code
runs when it is read), read once and replaced atomically (temporary file, then os.replace): concurrent runs never see
a partial file, the last one to finish keeps its entries, and an unreadable file is an empty cache.
"""

from __future__ import annotations

import marshal
import os
import re
import sys
import time
from contextlib import suppress

from .files import LazySpec
from .observed import (
    CACHE_DIR_ENV,
    CACHE_DIR_NAME,
    before_read,
    engine_parts,
    note_engine,
    prune_stale,
    stat_tuple,
    user_cache_dir,
)
from .observed import isfile as observed_isfile

FORMAT = b"house-tables-cache 1"
GITIGNORE = "# Automatically created by house-tables.\n*\n"
CACHEDIR_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
                "# This file is a cache directory tag created by house-tables.\n"
                "# For information about cache directory tags see https://bford.info/cachedir/\n")
# mkdocs.yml content whose meaning depends on more than the file's bytes (see the module's text)
_UNCACHEABLE = re.compile(rb"!ENV|\bhooks\s*:|!!python/object|markdown[-_]include|mdx_include|auto_append|url_download"
                          rb"|markdownextradata")
_INHERIT = re.compile(rb"^INHERIT\s*:\s*(?P<quote>['\"]?)(?P<path>[^'\"\r\n#]+?)(?P=quote)\s*(?:#.*)?$", re.MULTILINE)
_SNIPPETS = re.compile(rb"snippets")
SNIPPET_MARK = b"-8<-"
SITE_SUFFIXES = (".yml", ".yaml")
# A file changed less than this before it was read is hashed again next time, whatever its stat says (see
# trusted_stat): 3 s is more than the coarsest clock of a common file system (FAT's 2 s).
RACY_NS = 3_000_000_000
DIGEST_SIZE = 32  # a configuration digest (SHA-256), at the start of every entry's prefix
CONTENT_SIZE = 32  # a content digest (BLAKE2b-256), at the start of every entry's digest


def sha256(data: bytes) -> bytes:
    """The SHA-256 of some bytes (imported here: hashlib's import is not free and a run without a cache needs none)."""
    import hashlib

    return hashlib.sha256(data).digest()


def content_digest(data: bytes) -> bytes:
    """A file's bytes as a key holds them: BLAKE2b-256 (cryptographic, and half SHA-256's cost per byte)."""
    import hashlib

    return hashlib.blake2b(data, digest_size=CONTENT_SIZE).digest()


# ------------------------------------------------------------------ where


def cache_dir(given: str | None, config_files: list) -> str:
    """--cache-dir, else $HOUSE_TABLES_CACHE_DIR, else `.house-tables-cache` beside the configuration that applies
    to the current directory (the nearest of config_files), else the user cache directory."""
    if given:
        return given
    if os.environ.get(CACHE_DIR_ENV):
        return os.environ[CACHE_DIR_ENV]
    found = [os.path.dirname(os.path.abspath(file)) for file in config_files if file is not None]
    if found:
        return os.path.join(max(found, key=len), CACHE_DIR_NAME)
    return user_cache_dir()


# ------------------------------------------------------------------ what results depend on


def engine_fingerprint() -> bytes:
    """Python, house-tables' own sources, and every installed distribution's name and version (observed.py)."""
    parts = engine_parts()
    note_engine(parts)
    return sha256(b"\0".join([FORMAT, *parts]))


class Uncacheable(Exception):
    """A configuration whose meaning depends on more than its files' bytes."""


def configuration_bytes(files: tuple) -> tuple[bytes, bool]:
    """The bytes of the configuration files a directory's settings are read from (an mkdocs.yml with its INHERIT
    chain), as one digest, and whether pages with a snippet mark must not be cached (a site with snippets).
    Uncacheable for an mkdocs.yml whose meaning depends on more than bytes; OSError when one cannot be read."""
    from .site import MINTLIFY_FILES, MINTLIFY_IGNORE, ZENSICAL_FILE

    parts, snippets, seen = [b"".join(b"-" if file is None else b"+" for file in files)], False, set()  # which role
    pending = [os.path.abspath(str(file)) for file in files if file is not None]
    while pending:
        path = pending.pop(0)
        if path in seen:
            raise Uncacheable(path)  # an INHERIT loop: MkDocs refuses it, let it say so
        seen.add(path)
        before_read(path)
        with open(path, "rb") as handle:
            data = handle.read()
        parts.append(path.encode("utf-8", "surrogateescape") + b"\0" + sha256(data))
        if os.path.basename(path) in MINTLIFY_FILES:  # its .mintignore decides which pages are read
            parts.append(_companion_bytes(os.path.join(os.path.dirname(path), MINTLIFY_IGNORE)))
        if path.lower().endswith(SITE_SUFFIXES) or os.path.basename(path) == ZENSICAL_FILE:
            if _UNCACHEABLE.search(data):
                raise Uncacheable(path)
            snippets = snippets or bool(_SNIPPETS.search(data))
            parent = _INHERIT.search(data)
            if parent is None and b"INHERIT" in data:
                raise Uncacheable(path)
            if parent is not None:
                pending.append(os.path.join(os.path.dirname(path), os.fsdecode(parent["path"].strip())))
    return sha256(b"\0".join(parts)), snippets


def _companion_bytes(path: str) -> bytes:
    """What a configuration's optional companion file (a Mintlify .mintignore) adds to its digest: its path and
    whether it is there, and the digest of its bytes when it is."""
    name = path.encode("utf-8", "surrogateescape") + b"\0"
    if not observed_isfile(path):
        return name + b"absent"
    before_read(path)
    with open(path, "rb") as handle:
        return name + sha256(handle.read())


def local_modules() -> list[tuple[str, int, int]]:
    """The Python files imported so far that no installed distribution or the standard library holds (a site's own
    extension module, a `!!python/name:` target in the project), with their size and mtime."""
    import sysconfig

    installed = tuple(os.path.join(os.path.realpath(path), "") for key, path in sysconfig.get_paths().items()
                      if key in ("stdlib", "platstdlib", "purelib", "platlib"))
    installed += tuple(os.path.join(os.path.realpath(entry), "") for entry in sys.path
                       if os.path.basename(entry) in ("site-packages", "dist-packages"))
    found = []
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and not os.path.realpath(file).startswith(installed):
            try:
                info = os.stat(file)
            except OSError:
                continue
            found.append((file, info.st_size, info.st_mtime_ns))
    return sorted(set(found))


def modules_unchanged(modules: list) -> bool:
    """Whether every recorded module file still has its size and mtime."""
    for file, size, mtime in modules:
        try:
            info = os.stat(file)
        except OSError:
            return False
        if (info.st_size, info.st_mtime_ns) != (size, mtime):
            return False
    return True


# ------------------------------------------------------------------ the file


class Cache:
    """One run's view of a cache file: the entries read at the start, and those to write at the end."""

    def __init__(self, directory: str, scope: bytes):
        self.directory = directory
        self.path = os.path.join(directory, scope.hex()[:32] + ".cache")
        self.entries, self.configurations = self._read()
        self.changed = False

    def _read(self) -> tuple[dict, dict]:
        """The entries and configuration records in the file; none when it is missing, partial or not ours."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
            magic, entries, configurations = marshal.loads(data)
            if magic == FORMAT and isinstance(entries, dict) and isinstance(configurations, dict):
                return entries, configurations
        except Exception:  # missing, unreadable, truncated, another format: a miss, never a failure
            pass
        return {}, {}

    def get(self, path: str, prefix: bytes) -> tuple | None:
        """What is stored for a file read with this configuration and dialect (prefix): (the digest of its bytes,
        their file's stat if trustworthy, the result), or None."""
        entry = self.entries.get(path)
        if isinstance(entry, tuple) and len(entry) == 4 and entry[0] == prefix:
            return entry[1:]
        return None

    def put(self, path: str, prefix: bytes, digest: bytes, stat: tuple | None, result) -> None:
        """Keep a result for the file (written at save)."""
        entry = (prefix, digest, stat, result)
        if self.entries.get(path) != entry:
            self.entries[path] = entry
            self.changed = True

    def configuration(self, digest: bytes):
        """A configuration record (see cli's settings records), or None."""
        return self.configurations.get(digest)

    def put_configuration(self, digest: bytes, record) -> None:
        """Keep a configuration record."""
        try:
            marshal.dumps(record)
        except ValueError:  # a value marshal cannot hold: not kept, those files are read anew
            return
        self.configurations[digest] = record
        self.changed = True

    def save(self) -> None:
        """Replace the cache file atomically with what this run knows; a cache that cannot be written is no error."""
        if not self.changed:
            return
        self._prune()
        try:
            data = marshal.dumps((FORMAT, self.entries, self.configurations))
            _prepare(self.directory)
            temp = f"{self.path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
            try:
                with open(temp, "xb") as handle:
                    handle.write(data)
                created = not os.path.exists(self.path)
                os.replace(temp, self.path)
            except BaseException:
                _remove(temp)
                raise
        except (OSError, ValueError):
            return
        if created:
            prune_stale(self.directory, time.time())

    def _prune(self) -> None:
        """Leave out the entries of files that are gone and the configuration records no entry uses (an edited
        configuration's old records), so the file does not grow with every edit."""
        self.entries = {path: entry for path, entry in self.entries.items() if os.path.lexists(path)}
        used = {entry[0][:DIGEST_SIZE] for entry in self.entries.values()
                if isinstance(entry, tuple) and entry and isinstance(entry[0], bytes)}
        self.configurations = {digest: record for digest, record in self.configurations.items() if digest in used}


def _prepare(directory: str) -> None:
    """Create the cache directory with a .gitignore (the cache is never committed) and a CACHEDIR.TAG (backup tools
    skip it), as ruff does."""
    os.makedirs(directory, exist_ok=True)
    for name, text in ((".gitignore", GITIGNORE), ("CACHEDIR.TAG", CACHEDIR_TAG)):
        path = os.path.join(directory, name)
        if not os.path.exists(path):
            try:
                with open(path, "x", encoding="utf-8") as handle:
                    handle.write(text)
            except FileExistsError:  # a concurrent run wrote it
                pass


def _remove(path: str) -> None:
    """Delete a file if it is there."""
    with suppress(OSError):
        os.unlink(path)


# ------------------------------------------------------------------ settings and results as the file holds them


def settings_record(settings, modules: list) -> tuple:
    """What a run needs of a directory's settings when all its files are cached: which files they select, their
    dialect, the levels of their findings, and how the summary and -v name them (not the conversion options or the
    Markdown stack: only a file that is parsed needs those, and it gets the settings loaded anew)."""
    site, host = settings.site, settings.host
    return (
        settings.source, settings.options, settings.dialect.value if settings.dialect else None,
        tuple((globs.patterns, _base(globs), dialect.value) for globs, dialect in settings.dialects),
        (settings.include.patterns, _base(settings.include)), (settings.exclude.patterns, _base(settings.exclude)),
        settings.level, settings.levels,
        None if settings.extensions is None else tuple(str(name) for name in settings.extensions),
        None if site is None else (str(site.config_file), str(site.docs_dir), site.use_directory_urls,
                                   site.plugin_options is not None, _spec_lines(site.excluded),
                                   site.include_markdown is not None),
        None if host is None else (str(host.config_file), host.kind, host.note, _spec_lines(host.excluded)),
        tuple(modules),
    )


def _spec_lines(spec) -> tuple[str, ...] | None:
    """The pattern lines of a site's `excluded` matcher (a pathspec GitIgnoreSpec: MkDocs' default plus
    exclude_docs), from which LazySpec rebuilds the same matcher; a ValueError (the record is not kept) when the
    matcher is of another kind."""
    if spec is None:
        return None
    if isinstance(spec, LazySpec):
        return spec.lines
    import pathspec

    lines = tuple(getattr(pattern, "pattern", None) for pattern in getattr(spec, "patterns", ()))
    if type(spec) is not pathspec.GitIgnoreSpec or not all(isinstance(line, str) for line in lines):
        raise ValueError("a matcher that cannot be recorded")
    return lines


def _base(globs) -> str | None:
    return None if globs.base is None else str(globs.base)


def recorded_settings(record: tuple):
    """The Settings of a record (settings_record), for selecting files and levelling their cached findings."""
    from pathlib import Path

    from .files import GlobSet
    from .model import Dialect
    from .settings import Settings
    from .site import MdxHost, Site

    (source, options, dialect, dialects, include, exclude, level, levels, extensions, site, host, _) = record

    def globs(patterns, base):
        return GlobSet(tuple(patterns), None if base is None else Path(base))

    return Settings(
        dialect=None if dialect is None else Dialect(dialect),
        dialects=tuple((globs(patterns, base), Dialect(name)) for patterns, base, name in dialects),
        include=globs(*include), exclude=globs(*exclude), level=level, levels=dict(levels),
        extensions=None if extensions is None else tuple(extensions), source=source, options=dict(options),
        site=None if site is None else Site(Path(site[0]), (), {}, Path(site[1]), site[2], {} if site[3] else None,
                                            None if site[4] is None else LazySpec(tuple(site[4])),
                                            include_markdown={} if site[5] else None),
        host=None if host is None else MdxHost(Path(host[0]), host[1], host[2],
                                               None if host[3] is None else LazySpec(host[3])),
    )


def result_record(result) -> tuple:
    """A check result as the file holds it (its findings before levels apply)."""
    return ([tuple(vars(table).values()) for table in result.tables],
            [tuple(vars(finding).values()) for finding in result.findings], tuple(result.hand))


def recorded_result(path: str, record: tuple):
    """The FileResult of a record (result_record)."""
    from .report import FileResult, Finding, TableRecord

    tables, findings, hand = record
    return FileResult(path, [_rebuilt(TableRecord, table) for table in tables],
                      [_rebuilt(Finding, finding) for finding in findings], hand=tuple(hand))


_FIELDS: dict[type, tuple[str, ...]] = {}


def _rebuilt(cls: type, values: tuple):
    """A record dataclass (frozen, plain fields, no __post_init__) from its field values, as cls(*values) makes it
    but without its generated __init__ (a warm run rebuilds thousands: the __init__ of a frozen dataclass sets
    each field through object.__setattr__)."""
    names = _FIELDS.get(cls)
    if names is None:
        from dataclasses import fields

        names = _FIELDS[cls] = tuple(field.name for field in fields(cls))
    if len(values) != len(names):
        raise ValueError(f"{cls.__name__} has {len(names)} fields, not {len(values)}")
    made = object.__new__(cls)
    made.__dict__.update(zip(names, values))
    return made


def with_pasted(digest: bytes, pasted: tuple[str, ...]) -> bytes | None:
    """A page's content digest followed by each file pasted into it (include-markdown), as its path, NUL and the
    content digest of its bytes: the key of a result that depends on those bytes too; None when one cannot be read."""
    parts = [digest]
    for path in pasted:
        read = file_bytes(path)
        if read is None:
            return None
        parts += [os.fsencode(path), b"\0", content_digest(read[0])]
    return b"".join(parts)


def pasted_unchanged(digest: bytes) -> bool:
    """Whether every file a with_pasted digest names still has the bytes it had (true of a digest naming none)."""
    size, index = CONTENT_SIZE, CONTENT_SIZE
    while index < len(digest):
        end = digest.find(b"\0", index)
        if end < 0:
            return False
        read = file_bytes(os.fsdecode(digest[index:end]))
        if read is None or content_digest(read[0]) != digest[end + 1:end + 1 + size]:
            return False
        index = end + 1 + size
    return True


def file_bytes(path: str) -> tuple[bytes, tuple | None] | None:
    """A file's bytes as check reads them (a regular file, opened without blocking) and its trustworthy stat (see
    trusted_stat), or None."""
    from .files import _read_bytes

    started = time.time_ns()
    try:
        data, info = _read_bytes(path)
    except OSError:
        return None
    return data, trusted_stat(info, started)


def trusted_stat(info: os.stat_result, started: int) -> tuple | None:
    """A file's identity, size, mtime and ctime, which say its bytes are unchanged for as long as they stay the same;
    None when they cannot say so: the file changed less than RACY_NS before it was read (started), and a change in
    the same tick of the file system's clock could leave them as they are (git's "racily clean" entries). Past that,
    a write gives a later ctime, which no program can set back."""
    if max(info.st_mtime_ns, info.st_ctime_ns) > started - RACY_NS:
        return None
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def current_stat(path: str) -> tuple | None:
    """The stat trusted_stat recorded, as the file is now (None when it is gone)."""
    return stat_tuple(path)
