"""Command line: `house-tables check PATH...` reports pipe tables and diagnostics, `fix` converts the tables."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager, redirect_stdout, suppress
from dataclasses import dataclass, replace
from pathlib import Path

from . import __version__, collector, observed
from .cache import (
    CONTENT_SIZE,
    SNIPPET_MARK,
    Cache,
    Uncacheable,
    cache_dir,
    configuration_bytes,
    content_digest,
    current_stat,
    engine_fingerprint,
    file_bytes,
    local_modules,
    modules_unchanged,
    pasted_unchanged,
    recorded_result,
    recorded_settings,
    result_record,
    settings_record,
    sha256,
    trusted_stat,
    with_pasted,
)
from .collector import freeze_start_up, resume_after_start_up
from .config import Config, ConfigError
from .files import (
    FileProblem,
    GlobSet,
    Selection,
    discover,
    page_selected,
    parent_of,
    read_text,
    remove_leftover,
    write_atomic,
)
from .macros import MACROS_PLUGIN
from .mkdocs_parts import page_meta
from .model import Diagnostic, Dialect
from .observed import cache_refused_by_environment
from .report import FORMATS, FileResult, Finding, Progress, Run, emit, table_records, unified_diff
from .settings import Configurations, Settings, UsageError
from .site import RAW_HTML_DROPPED, SUFFIX_HOSTS

# Imported when first used (a cached `check` needs neither a process pool nor the parser): see _lazy.
_LAZY = {"ProcessPoolExecutor": "concurrent.futures", "BrokenProcessPool": "concurrent.futures.process",
         "plan_page": "house_tables.plan"}

PARALLEL_THRESHOLD = 32  # more files than this are processed in a pool of processes
MAX_CHUNK = 16  # files per message to a worker: an interrupted run waits for the few chunks being processed
PREPARED_CONFIGURATIONS = 4  # configurations _prepare_workers builds for before the pool forks
SAMPLE_PATH = "<sample>"
SAMPLE_PAGE = "# Sample\n\nSome *text*.\n\n- item\n\n```python\ncode\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)  # stop between two writes, then report what was written


def __getattr__(name: str):
    """The names of _LAZY, imported on first use (then module globals, which tests may replace)."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def _lazy(name: str):
    """A name of _LAZY: the module global once imported (or replaced), else imported now."""
    return globals()[name] if name in globals() else __getattr__(name)


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: stop after the write in progress (BaseException: no `except Exception` eats it)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@dataclass(frozen=True)
class Task:
    """One file to process, with everything a worker process needs."""

    path: str
    dialect: Dialect
    command: str
    form: str
    config: Config
    write: bool
    diff: bool
    verify: bool = False  # check: also render and verify, as fix does (finds HT009)
    cross_check: bool = False  # check: also scan in the other dialect (finds HT007)
    extensions: tuple[str, ...] | None = None  # the site's Markdown stack, from --config mkdocs.yml
    extension_configs: dict | None = None
    front_matter: bool = False  # a page of an MkDocs site: read without its front matter, as MkDocs does
    keyed: bool = True  # check: name the bytes read (digest and stat) for the cache to keep the result under
    template_markers: tuple = ()  # the site's template delimiters and their plugins (Site.template_markers)
    macros: object = None  # which pages the site's macros plugin renders (site.macros_scope); None: every page
    jinja: object = None  # the site's macros plugin as its configuration says (Site.macros, untrusted; the pages it
    # renders as their own are read as it renders them, _as_built)
    renders_jsx: bool = True  # the site shows house JSX tables in `.md` pages (Settings.renders_house_jsx)
    markdown_format: str | None = None  # how the host reads `.md` pages (MdxHost's); None: no such host, or MDX
    host_kind: str | None = None  # which MDX host renders the page (MdxHost.kind); None: none
    cjk_friendly: bool = False  # the host reads emphasis by the CJK-friendly amendments (MdxHost.cjk_friendly)
    rewrites: str | None = None  # the mkdocs.yml whose hooks/plugins rewrite pages' Markdown (Site.rewrites_markdown)
    included_by: tuple[str, str] | None = None  # a page line that includes this file so that a converted table
    # would change that page, and how (site.guarded_includes, includes.partial_includes; fix, --verify)
    shown_in: tuple[str, ...] = ()  # the pages that include this file whole by a snippet (site.snippet_includers)
    pasted_in: object = None  # the pages that paste this file whole by include-markdown (includes.Pasting)
    pastes: tuple | None = None  # the site's include-markdown options and docs_dir: the page is read as the plugin
    # pastes files into it, as the build reads it (includes.pasted_reading), and fix verifies it so too
    directives: bool = True  # MDX reads `:::name` containers: not on Mintlify (Settings.mdx_directives)
    outside_docs: bool = False  # a file of an MkDocs site outside its docs_dir that no page includes whole (fix,
    # --verify): no page of the site shows it
    table_watchers: tuple[str, ...] = ()  # the site's block processors that read each pipe table's lines and hand it
    # on (Site.table_watchers; fix, --verify)
    rendered_where_pasted: bool = False  # a file outside docs_dir that the macros plugin renders in every page that
    # pastes it (rendered_where_pasted_of): read through the plugin's view, as those pages show it


# ------------------------------------------------------------------ command line


def parser() -> argparse.ArgumentParser:
    """The argument parser: `check` and `fix`, with the options they share."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("paths", nargs="+", metavar="PATH", help="Markdown files, or directories to walk")
    common.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    common.add_argument("--dialect", choices=[d.value for d in Dialect],
                        help="read every file in this dialect (default: by suffix, .mdx is mdx)")
    common.add_argument("--form", choices=("jsx", "html"), default="jsx",
                        help="what fix writes (check uses it to predict which tables fix can convert)")
    common.add_argument("--config", metavar="FILE",
                        help="use this configuration for every file instead of each file's nearest: "
                        "pyproject.toml ([tool.house-tables]), .house-tables.toml, or mkdocs.yml (its Markdown stack "
                        "and plugin entry)")
    common.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="skip files and directories matching GLOB, gitignore-style, relative to the current "
                        "directory (repeatable)")
    common.add_argument("--verbose", "-v", action="store_true",
                        help="print which configuration each group of files is read with, and its options")
    common.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                        help="processes to use for more than a few files (default: one per CPU; never more than "
                        "the CPUs or the files; 1: none)")
    common.add_argument("--no-cache", action="store_true",
                        help="read every file anew and leave the cache alone (check; fix never uses the cache)")
    common.add_argument("--cache-dir", metavar="DIR",
                        help="keep check's cache in DIR (default: $HOUSE_TABLES_CACHE_DIR, else .house-tables-cache "
                        "beside the configuration of the current directory, else the user cache directory)")
    top = argparse.ArgumentParser(prog="house-tables", description="Find Markdown pipe tables and convert them "
                                  "to the house table style.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="{check,fix,lsp}")
    check = commands.add_parser("check", parents=[common], help="report every pipe table and diagnostic")
    check.add_argument("--verify", action="store_true",
                       help="also render and verify every table as fix does, to report HT009 (slower)")
    check.add_argument("--cross-check", action="store_true",
                       help="also read each file in the other dialect and report HT007 where they disagree")
    fix = commands.add_parser("fix", parents=[common], help="convert every pipe table to the house style")
    fix.add_argument("--diff", action="store_true", help="print a unified diff and write nothing")
    fix.add_argument("--check", action="store_true", help="write nothing; exit 1 if fix would change a file")
    lsp = commands.add_parser("lsp", help="serve findings, conversions and hovers to an editor (language server, "
                              "stdio)")
    lsp.add_argument("--form", choices=("jsx", "html"), default="jsx", help="what its conversions write")
    lsp.add_argument("--verify", action="store_true", help="diagnostics as check --verify's (HT009; slower)")
    lsp.add_argument("--cross-check", action="store_true", help="diagnostics as check --cross-check's (HT007)")
    return top


def _jobs(value: str) -> int:
    """A positive number of processes (argparse type)."""
    try:
        jobs = int(value)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, not {value!r}")
    return jobs


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line: 0 clean, 1 findings (or changes fix would make), 2 usage errors or unusable files."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:  # argparse has printed the usage or the help
        return exit_.code if isinstance(exit_.code, int) else 2
    if args.command == "lsp":  # reads each document's own configuration as it opens
        from .lsp import serve

        return serve(args.form, args.verify, args.cross_check)
    if args.command == "check" and _uses_cache(args):
        observed.start()  # what the output depends on, for a replay (see replay.py)
    elif args.command == "check":  # a run without the cache is never replayed: what it depends on is not noted
        observed.stop()
    output = sys.stdout
    # The site's own code runs from here on (its hooks' on_config and on_page_markdown, its Markdown extensions), and
    # may print (marimo's hooks.py warns of every missing asset): to stderr, so that stdout holds only our output
    # (a JSON or SARIF document, a diff for `patch`).
    with redirect_stdout(sys.stderr):
        try:
            configurations = Configurations(explicit_file=args.config)
            resolver = Resolver(configurations, open_cache(args, configurations))
            if args.config:
                resolver.settings_in(Path.cwd())  # a bad --config is refused before anything (read only if not cached)
            _check_options(args)
        except (UsageError, ConfigError) as error:
            print(f"house-tables: {error}", file=sys.stderr)
            return 2
        with _stopping_on_signals():
            outcome = execute(args, resolver)
    emit(outcome, args.format, output, sys.stderr)
    if resolver.cache is None or outcome.errors or outcome.interrupted:
        observed.refuse("no cache, or a path that could not be used")
    else:
        observed.destination = resolver.cache.directory
    if outcome.interrupted:
        print(f"house-tables: {outcome.interrupted}", file=sys.stderr)
        return 128 + outcome.interrupted_by
    return exit_code(outcome)


@contextmanager
def _stopping_on_signals() -> Iterator[None]:
    """While files are processed, SIGINT and SIGTERM raise Interrupted (in the main thread only: elsewhere Python
    cannot install handlers); commit() holds them back while it writes a file."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _interrupt) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


class _Held:
    """Whether a write is in progress (then a stop signal waits for its end) and the signal that waited."""

    writing = False
    signum: int | None = None


def _interrupt(signum: int, frame) -> None:
    """Signal handler (Python runs it in the main thread): stop now, or once the write in progress is done."""
    if _Held.writing:
        _Held.signum = signum
    else:
        raise Interrupted(signum)


def _check_options(args: argparse.Namespace) -> None:
    """Combinations the formats cannot express, and an empty PATH (which Path("") would read as the current
    directory: `house-tables fix "$DOCS"` with DOCS unset must not rewrite every page under `.`)."""
    if any(path == "" for path in args.paths):
        raise UsageError("an empty PATH argument (an unset variable?); pass . for the current directory")
    if getattr(args, "diff", False) and args.format in ("json", "sarif"):
        raise UsageError(f"--diff cannot be combined with --format {args.format}")


def exit_code(outcome: Run) -> int:
    """2 when a path could not be used; 1 for warnings or errors, or for changes fix did not write; else 0."""
    if outcome.errors:
        return 2
    would_change = not outcome.writes and any(result.changed for result in outcome.results)
    failing = any(finding.severity != "info" for finding in outcome.findings)  # info: reported, not failing
    return 1 if failing or would_change else 0


def main() -> None:
    """Console script (and `python -m house_tables`, after replay.main found no replay): a `check` that may be
    replayed next time keeps its output (see replay.py)."""
    from .replay import Recorder

    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    argv = sys.argv[1:]
    collector.FREEZE_BEFORE_FORK = True  # this process ends with this run (see freeze_start_up)
    recorder = Recorder() if argv[:1] == ["check"] else None
    try:
        code = run(argv)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("house-tables: interrupted", file=sys.stderr)
        code, recorder = 130, None
    except BrokenPipeError:  # e.g. `house-tables check docs | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code, recorder = 1, None
    finally:
        if recorder is not None:
            recorder.restore()
    if recorder is not None:
        recorder.save(argv, code)
    raise SystemExit(code)


# ------------------------------------------------------------------ cache


def open_cache(args: argparse.Namespace, configurations: Configurations) -> Cache | None:
    """check's cache (see cache.py), or None: fix, --no-cache, $HOUSE_TABLES_NO_CACHE. One file per engine, current
    directory and the options that change results, in the cache directory."""
    if not _uses_cache(args):
        return None
    try:
        near = configurations.located(Path.cwd())
    except (UsageError, ConfigError, OSError):  # said where the files are read
        near = ()
    options = f"{args.verify}:{args.cross_check}:{args.form}:{os.getcwd()}".encode("utf-8", "surrogateescape")
    return Cache(cache_dir(args.cache_dir, list(near)), sha256(engine_fingerprint() + b"\0" + options))


def _uses_cache(args: argparse.Namespace) -> bool:
    """Whether the run keeps and takes results from the cache (check, unless --no-cache or the environment says so)."""
    return args.command == "check" and not args.no_cache and not cache_refused_by_environment()


class Resolver:
    """Each file's settings and, with a cache, its cached result. A directory whose configuration files (and the
    local modules an mkdocs.yml imported) are as the cache recorded them gets the recorded settings without the
    configuration being loaded; a file that is not cached gets the settings in full."""

    def __init__(self, configurations: Configurations, cache: Cache | None):
        self.configurations, self.cache = configurations, cache
        self._directories: dict[str, tuple[Settings, bytes | None, bool]] = {}  # (settings, digest, snippets)
        self._prefixes: dict[str, bytes] = {}  # path -> the key's beginning, for a file to keep when processed
        self._full: dict[str, Settings] = {}  # directory -> its settings in full (with a cache: for misses)

    def settings_in(self, directory: Path) -> Settings:
        """The settings of the files directly in a directory (recorded ones when cached)."""
        return self._resolved(directory)[0]

    def settings_for(self, path: Path) -> Settings:
        """A file's settings (recorded ones when cached)."""
        return self._resolved(parent_of(path))[0]

    def full_settings_for(self, path: Path) -> Settings:
        """A file's settings in full, to process it with: looked up once per directory (finding them resolves the
        directory and probes for configuration files, which per file cost more than reading the file)."""
        if self.cache is None:  # then the settings of _resolved are the full ones
            return self.settings_for(path)
        key = parent_of(path)
        if key not in self._full:
            self._full[key] = self.configurations.settings_in(Path(key))
        return self._full[key]

    def _resolved(self, directory: Path | str) -> tuple[Settings, bytes | None, bool]:
        key = str(directory)
        if key not in self._directories:
            self._directories[key] = self._resolve(Path(directory))
        return self._directories[key]

    def _resolve(self, directory: Path) -> tuple[Settings, bytes | None, bool]:
        if self.cache is None:
            return self.configurations.settings_in(directory), None, False
        located = self.configurations.located(directory)
        digest, snippets = _configuration_digest(located)
        if digest is None or snippets:  # read anew every run (or a page's snippets may change): not replayed
            observed.refuse(f"{directory}: a configuration the cache does not keep, or snippets")
        recorded = None if digest is None else _recorded_settings(self.cache.configuration(digest))
        if recorded is not None:
            observed.note("modules", digest.hex(), observed.module_stats(self.cache.configuration(digest)[-1]))
            return recorded, digest, snippets
        settings = self.configurations.settings_in(directory)
        if digest is not None and _configuration_digest(located)[0] != digest:  # changed while it was loaded
            digest = None
        if digest is not None:
            modules = local_modules() if settings.site is not None else []
            try:
                self.cache.put_configuration(digest, settings_record(settings, modules))
                observed.note("modules", digest.hex(), observed.module_stats(modules))
            except ValueError:  # settings the cache cannot record: read in full every run
                digest = None
                observed.refuse(f"{directory}: settings the cache cannot record")
        return settings, digest, snippets

    def cached(self, path: Path, dialect: Dialect) -> FileResult | None:
        """The cached result of a file as it is now, or None (then the file is processed, and kept: see keep)."""
        if self.cache is None:
            return None
        name = str(path)
        _, digest, snippets = self._resolved(parent_of(name))
        if digest is None:
            return None
        prefix = digest + dialect.value.encode() + b"\0"
        self._prefixes[name] = prefix
        entry = self.cache.get(name, prefix)
        if entry is not None and len(entry[0]) > CONTENT_SIZE:  # files pasted into the page: a replay sees no change
            observed.refuse(f"{name}: files pasted into it")
            if not pasted_unchanged(entry[0]):  # one of them changed
                return None
        if entry is not None and entry[1] is not None and entry[1] == current_stat(name):  # its bytes as they were
            observed.note("file", name, entry[1])
            return _recorded(name, entry[2])
        read = file_bytes(name)
        if read is None or (snippets and SNIPPET_MARK in read[0]):  # a snippet's file may change: read anew
            return None
        content = content_digest(read[0])
        if entry is None or entry[0][:len(content)] != content:
            return None
        if entry[1] != read[1]:  # same bytes, new stat (touched, copied): say so for the next run
            self.cache.put(name, prefix, entry[0], read[1], entry[2])
        observed.note("file", name, read[1])
        return _recorded(name, entry[2])

    def keep(self, result: FileResult) -> None:
        """Keep a processed file's result under the bytes it was found in."""
        prefix = self._prefixes.get(result.path)
        if prefix is not None and result.error is None and result.source:
            self.cache.put(result.path, prefix, *result.source, result_record(result))
            observed.note("file", result.path, result.source[1])
            if result.pasted:  # what a replay would have to check too
                observed.refuse(f"{result.path}: files pasted into it")
        else:
            observed.refuse(f"{result.path}: not kept in the cache")

    def save(self) -> None:
        """Write what this run added to the cache."""
        if self.cache is not None:
            self.cache.save()


def _recorded(path: str, record: tuple) -> FileResult | None:
    """A cached result, or None when it is no record of this version (a miss)."""
    try:
        return recorded_result(path, record)
    except Exception:  # whatever a damaged record makes fail: a miss, never a crash
        return None


def _recorded_settings(record) -> Settings | None:
    """A directory's recorded settings while the local modules its mkdocs.yml imported are unchanged, else None."""
    if record is None:
        return None
    try:
        return recorded_settings(record) if modules_unchanged(record[-1]) else None
    except Exception:  # whatever a damaged record makes fail: a miss, never a crash
        return None


def _configuration_digest(located: tuple) -> tuple[bytes | None, bool]:
    """configuration_bytes, or None when the configuration cannot be cached (or read: loading it will say why)."""
    try:
        return configuration_bytes(located)
    except (Uncacheable, OSError):
        return None, False


# ------------------------------------------------------------------ running


def execute(args: argparse.Namespace, resolver: Resolver) -> Run:
    """Find the files, read each with its own configuration, take each result the cache has, process the others
    (in parallel for many), and collect what happened."""
    from .includes import forget_includes

    forget_includes()  # how pages include files is read anew each run (run() may be called again in one process)
    here = Path.cwd().resolve()
    observed.note("realpath", os.getcwd(), str(here))
    found = discover(args.paths, Selection(GlobSet(tuple(args.exclude), here)))
    diff = bool(getattr(args, "diff", False))
    writes = args.command == "fix" and not (diff or args.check)
    problems = list(found.problems)
    slots, chosen, refused, made = [], {}, set(), {}  # each file's cached FileResult, or its Task
    for directory in (Path(given) for given in args.paths if os.path.isdir(given)):
        _settings(resolver.settings_in, directory, problems, refused)  # a bad one is said even with no files
    last = None  # (directory, its settings): discovery gives a directory's files together
    converts = args.command == "fix" or bool(getattr(args, "verify", False))
    for path, real, parent in zip(found.files, found.resolved, found.parents):
        if last is None or last[0] != parent:  # as settings_for(path); a refusal is said once anyway
            last = parent, _settings(resolver.settings_in, path, problems, refused, at=parent)
        own = last[1]
        if own is not None and (own.selects(path, real) or _shown_snippet(own, path, real, resolver, converts)):
            slot = _slot(args, path, own, resolver, writes, diff, problems, refused, made)
            if slot is not None:
                slots.append(slot)
                chosen[str(path)] = own
    if getattr(args, "verbose", False):
        _print_configurations(chosen)
    if writes:
        _remove_leftovers(found.leftovers)
    progress = Progress(len(slots), sys.stderr)
    results, written, stopped = [], 0, None
    try:
        with closing(process_all([slot for slot in slots if isinstance(slot, Task)], progress, args.jobs)) as outcomes:
            for slot in slots:
                result = _outcome(slot, outcomes, resolver, progress)
                results.append(leveled(result, chosen[result.path]))
                if result.pending is not None:
                    written += commit(result)
                    _stop_if_signalled()
    except Interrupted as signal_:
        stopped = signal_.signum
    finally:
        progress.close()
        resolver.save()
    if writes and written:
        results = _rechecked_includers(results, slots, chosen, args.jobs)
    if args.command == "fix":  # a dry run (--check, --diff) says what a writing run would leave
        results = _without_stale_findings(results)
    results = _without_repeated_findings(results, chosen)
    sources = sorted({own.source for own in chosen.values()}) or ["none could be read" if refused else "defaults"]
    stop = _interruption(stopped, len(results), len(slots), written if writes else None)
    return Run(args.command, results, problems, writes=writes, diff=diff, configuration=", ".join(sources),
               interrupted=stop, interrupted_by=stopped or 0)


def _shown_snippet(own: Settings, path: Path, real: str, resolver: Resolver, converts: bool) -> bool:
    """Whether a file under docs_dir that MkDocs builds as no page (`exclude_docs`, or its default `.*`: a snippets
    directory) is read because a page includes it: the build shows its tables in that page and reports them at the
    file's lines, and only the file can change them (fix verifies them in each page that shows it, as a snippet
    outside docs_dir; included in part or in code, it says why they stay). What a page's reading says of it too (a
    snippet's tables) is said once (_without_repeated_findings); a file a plugin pastes (include-markdown), which
    check does not paste into the page, is reported by its own reading, where the build reports it. A file pages
    include only in part or in code is read to convert (converts: fix, --verify), to say why its tables stay: its
    own reading would report tables no page shows."""
    if not (own.includes_files and own.unbuilt(path, real) and page_selected(str(path), own.include, own.exclude)):
        return False
    full = resolver.full_settings_for(path)  # the site's plugins and stack (settings the cache recorded lack them)
    return bool(shown_in_of(full, path) or pasted_in_of(full, path) or (converts and included_by_of(full, path)))


def _settings(lookup, path: Path, problems: list, refused: set, at: str | None = None) -> Settings | None:
    """A path's settings, or None when its configuration is refused (reported once, at the file it names). at: what
    to look up instead of path (the file's directory)."""
    try:
        return lookup(path if at is None else at)
    except (ConfigError, UsageError) as error:
        if str(error) not in refused:
            refused.add(str(error))
            problems.append(_problem(str(error), path))
        return None


def _problem(error: str, path: Path) -> tuple:
    """A refused configuration's (path, message[, line, column]): its message names the file, `path: why`, or
    `path:line:col: why` where a place is the reason (a byte that is not UTF-8); else the page's path."""
    import re  # here: only a refused configuration needs it

    match = re.fullmatch(r"(?P<path>.+?)(?::(?P<line>\d+):(?P<column>\d+))?: (?P<message>.*)", error, re.DOTALL)
    if match is None:
        return str(path), error
    place = (int(match["line"]), int(match["column"])) if match["line"] else ()
    return match["path"], match["message"], *place


def _slot(args: argparse.Namespace, path: Path, own: Settings, resolver: Resolver, writes: bool, diff: bool,
          problems: list, refused: set, made: dict | None = None) -> FileResult | Task | None:
    """A file's cached result, else its task (with its settings read in full); None when they are refused. made:
    this run's tasks by their settings (_task)."""
    dialect = Dialect(args.dialect) if args.dialect else own.dialect_for(path)
    hit = resolver.cached(path, dialect)
    if hit is not None:
        return hit
    if resolver.cache is None:  # then own are the settings in full (the same object full_settings_for gives)
        return _task(args, path, own, writes, diff, keyed=False, dialect=dialect, made=made)
    full = _settings(resolver.full_settings_for, path, problems, refused)
    if full is None:
        return None
    # check --verify on a site with snippets, include-markdown or macros reads the other pages for how they include
    # this one, or which pages are rendered (included_by_of, macros_scope_of): not cached
    site = full.site
    guarded = bool(getattr(args, "verify", False)) and site is not None and (full.includes_files
                                                                             or site.macros is not None)
    guarded = guarded or rendered_where_pasted_of(full, path)  # its reading depends on the pages that paste it
    return _task(args, path, full, writes, diff, keyed=not guarded, made=made)


def _rechecked_includers(results: list[FileResult], slots: list, chosen: dict[str, Settings],
                         jobs: int | None = None) -> list[FileResult]:
    """The results, with what is left in each page of a snippets site that still has findings read again from the
    files as written now: a page's findings were read while the snippets it includes still held their pipe tables
    (this run writes them after). Where such a table's line in its snippet is not certain (the same table in two
    snippets; freqtrade's includes with pymdown-extensions 11) it is reported at the including line, which
    _without_stale_findings keeps: fix said `1 finding (1 pipe table) left` of a table it had just converted, and
    a second run found none. The pages are read again in a pool of processes, as they were read the first time
    (TRaSH-Guides, which lists snippets and pastes its files with include-markdown: 110 files, 25 s when read one
    after another here); each worker is a fork of this process, as it is after the writes, so each reads what this
    process would."""
    tasks = {slot.path: slot for slot in slots if isinstance(slot, Task)}
    again = [index for index, result in enumerate(results)
             if (task := tasks.get(result.path)) is not None and not result.error and result.findings
             and "pymdownx.snippets" in (task.extensions or ())]
    rechecked = list(results)
    with closing(process_all([replace(tasks[results[index].path], write=False, diff=False) for index in again],
                             Progress(0, sys.stderr), jobs)) as nows:  # (no second bar: as before)
        for index, now in zip(again, nows, strict=True):
            result = results[index]
            rechecked[index] = (result if now.error
                                else replace(result, findings=leveled(now, chosen[result.path]).findings))
    return rechecked


def _without_stale_findings(results: list[FileResult]) -> list[FileResult]:
    """The results without a file's findings about the tables of another file this run rewrote, or would rewrite
    (--check, --diff: a snippet the file includes, a file include-markdown pastes into it): they describe text that
    is no longer there, and that file's own result tells what is left of it. fix said `1 finding (1 pipe table)
    left` and exited 1 where a second run found none; fix --check listed a pasted file's table as left once per
    pasting page, in the run that said it would convert it (4 lines on TRaSH-Guides)."""
    rewritten = {os.path.abspath(result.path) for result in results if result.changed and not result.error}
    if not rewritten:
        return results
    return [_without_findings_in(result, rewritten) for result in results]


def _without_findings_in(result: FileResult, rewritten: set[str]) -> FileResult:
    """A result without its findings located in the rewritten files other than its own."""
    own = os.path.abspath(result.path)
    kept = [finding for finding in result.findings
            if os.path.abspath(finding.path) == own or os.path.abspath(finding.path) not in rewritten]
    return result if len(kept) == len(result.findings) else replace(result, findings=kept)


def _without_repeated_findings(results: list[FileResult], chosen: dict[str, Settings]) -> list[FileResult]:
    """The results without what the file of a snippet says of itself that a page including it says too: the build
    renders no page of such a file (outside docs_dir, or excluded) and reports its tables once for each page that
    shows them, as check reads those pages (`check docs includes` said a snippet's table once more than the build).
    Only the same finding, or table, at the same place is left out; with no page of the run including the file, its
    own result says all. What such a file of an include-markdown site says of the files pasted into it goes too
    (_pasting_unbuilt). chosen: each result's settings, by its path."""
    results = [_without_pasted_findings(result) if _pasting_unbuilt(chosen[result.path], result.path) else result
               for result in results]
    own = {os.path.abspath(result.path): result.path for result in results}
    elsewhere = [(located, finding) for result in results for finding in result.findings
                 if (located := os.path.abspath(finding.path)) != os.path.abspath(result.path) and located in own]
    unbuilt = {located for located, _ in elsewhere if chosen[own[located]].unbuilt_site_file(Path(own[located]))}
    said = {(located, finding.line, finding.column, finding.code) for located, finding in elsewhere
            if located in unbuilt}
    if not said:
        return results
    return [_without_said(result, said) if os.path.abspath(result.path) in unbuilt else result for result in results]


def _pasting_unbuilt(own: Settings, path: str) -> bool:
    """Whether the file is one of an include-markdown site that the build renders as no page (a template beside
    docs_dir, or excluded): read as the plugin pastes files into it, what it shows of other files (a template that
    pastes another) the build reports only in the pages that paste it."""
    return own.site is not None and own.site.include_markdown is not None and own.unbuilt_site_file(Path(path))


def _without_pasted_findings(result: FileResult) -> FileResult:
    """A result without its findings, and their tables, located in other files."""
    own = os.path.abspath(result.path)
    findings = [finding for finding in result.findings if os.path.abspath(finding.path) == own]
    if len(findings) == len(result.findings):
        return result
    tables = [record for record in result.tables if os.path.abspath(record.path) == own]
    return replace(result, findings=findings, tables=tables)


def _without_said(result: FileResult, said: set) -> FileResult:
    """An unbuilt file's result without its findings, and their tables, that pages say (said: path, line, column,
    code)."""
    findings, dropped = [], set()
    for finding in result.findings:
        place = (os.path.abspath(finding.path), finding.line, finding.column, finding.code)
        if place not in said:
            findings.append(finding)
        elif finding.code == "HT001":  # a pipe table's: its record goes too
            dropped.add(place[:2])
    if len(findings) == len(result.findings):
        return result
    tables = [record for record in result.tables if (os.path.abspath(record.path), record.line) not in dropped]
    return replace(result, findings=findings, tables=tables)


def _outcome(slot: FileResult | Task, outcomes: Iterator[FileResult], resolver: Resolver,
             progress: Progress) -> FileResult:
    """A slot's result: the cached one, or the next processed one (kept in the cache for the next run)."""
    if isinstance(slot, FileResult):
        progress.advance()
        return slot
    result = next(outcomes)
    resolver.keep(result)
    return result


def _task(args: argparse.Namespace, path: Path, own: Settings, writes: bool, diff: bool, keyed: bool = True,
          dialect: Dialect | None = None, made: dict | None = None) -> Task:
    """What a worker needs to process one file with its settings (--dialect overrides the configured dialect;
    dialect: the file's, when the caller has it from these settings). made: this run's tasks by their settings
    (see _like)."""
    dialect = dialect or (Dialect(args.dialect) if args.dialect else own.dialect_for(path))
    verify = bool(getattr(args, "verify", False))
    converts = args.command == "fix" or verify
    if made is None or converts or rendered_where_pasted_of(own, path):  # (a field of the file's own)
        return Task(str(path), dialect, args.command, args.form, own.config, writes, diff, verify,
                    bool(getattr(args, "cross_check", False)), keyed=keyed,
                    **host_fields(own, path, converts=converts))
    key = (id(own), writes, diff, keyed)  # own is kept in the entry: its id names no other settings meanwhile
    if key not in made:
        made[key] = own, _task(args, path, own, writes, diff, keyed, dialect)
        return made[key][1]
    return _like(made[key][1], str(path), dialect)


def _like(task: Task, path: str, dialect: Dialect) -> Task:
    """The task of another file with the same settings, as Task() makes it: a task that does not convert has no
    field the file decides but its path and dialect (host_fields). Task's frozen __init__ sets its 27 fields one
    call each, a third of what choosing a file's settings cost; here its __dict__ is copied (the same keys in the
    same order, the same objects)."""
    copy = object.__new__(Task)
    fields = copy.__dict__
    fields.update(task.__dict__)
    fields["path"], fields["dialect"] = path, dialect
    return copy


def host_fields(own: Settings, path: Path, *, converts: bool) -> dict:
    """The Task fields a file's settings give about the host that renders it (its stack, its site's plugins and
    hooks, Docusaurus' format); converts: the task converts (fix, --verify), which alone reads other pages."""
    site = own.site
    shown_in = shown_in_of(own, path) if converts else ()
    pasted_in = pasted_in_of(own, path) if converts else None
    macros = macros_scope_of(own) if converts else None
    return {"extensions": own.extensions, "extension_configs": own.extension_configs, "front_matter": site is not None,
            "template_markers": site.template_markers if site is not None else (),
            "macros": macros, "jinja": (macros or site.macros) if site is not None else None,
            "renders_jsx": own.renders_house_jsx, "markdown_format": own.markdown_format,
            "host_kind": own.host_kind, "cjk_friendly": own.cjk_friendly,
            "rewrites": rewrites_of(own), "included_by": included_by_of(own, path) if converts else None,
            "shown_in": shown_in, "pasted_in": pasted_in, "directives": own.mdx_directives,
            "pastes": (dict(site.include_markdown or {}), str(site.docs_dir))
            if site is not None and site.include_markdown is not None else None,
            "outside_docs": converts and site is not None and not (shown_in or pasted_in) and site.beside_docs(path),
            "table_watchers": site.table_watchers if converts and site is not None else (),
            "rendered_where_pasted": rendered_where_pasted_of(own, path)}


def _print_configurations(chosen: dict[str, Settings]) -> None:
    """`-v`: each configuration used, the files it reads, and the option values it sets (on stderr)."""
    groups: dict[str, list[str]] = {}
    for path, own in chosen.items():
        groups.setdefault(own.source, []).append(path)
    by_source = {own.source: own for own in chosen.values()}
    for source, paths in groups.items():
        own = by_source[source]
        set_options = ", ".join(f"{key}={value!r}" for key, value in own.options.items()) or "defaults"
        stack = "" if own.extensions is None else f"; Markdown extensions: {', '.join(map(str, own.extensions))}"
        print(f"house-tables: configuration {source}: {len(paths)} file{'s' * (len(paths) != 1)}; "
              f"options: {set_options}{stack}", file=sys.stderr)


def commit(result: FileResult) -> bool:
    """Write a fixed file, in this (the main) process: workers only convert, so once this process is gone nothing
    more is written. SIGINT and SIGTERM wait until the file is written (or refused). Whether it was written."""
    data, loaded = result.pending
    result.pending = None
    with _signals_held():
        try:
            write_atomic(result.path, data, loaded)
            return True
        except FileProblem as problem:
            result.error = str(problem)
            return False


@contextmanager
def _signals_held() -> Iterator[None]:
    """Keep a stop signal that arrives meanwhile for _stop_if_signalled (see _interrupt)."""
    _Held.writing, _Held.signum = True, None
    try:
        yield
    finally:
        _Held.writing = False


def _stop_if_signalled() -> None:
    """Stop now if a stop signal arrived during the last write."""
    if _Held.signum is not None:
        signum, _Held.signum = _Held.signum, None
        raise Interrupted(signum)


def _interruption(signum: int | None, processed: int, total: int, written: int | None) -> str:
    """What an interrupted run did and did not do, in one line ("" when it was not interrupted)."""
    if signum is None:
        return ""
    done = f"{processed} of {total} files processed" + (f" ({written} written)" if written is not None else "")
    return f"interrupted by {signal.Signals(signum).name}: {done}; {total - processed} not processed, left unchanged"


def _remove_leftovers(leftovers: list[Path]) -> None:
    """Delete the temporary files of writes that did not finish (a killed run), saying so on stderr."""
    for temp in leftovers:
        if remove_leftover(temp):
            print(f"{temp}: removed a temporary file left by an interrupted run", file=sys.stderr)


def leveled(result: FileResult, settings: Settings) -> FileResult:
    """Findings at the configured levels (`level`, `levels`): `ignore` drops them."""
    findings = [_at_level(f, settings.severity(f.code, f.severity)) for f in result.findings]
    result.findings = [f for f in findings if f.severity != "ignore"]
    return result


def _at_level(finding: Finding, severity: str) -> Finding:
    """A finding at a level (itself when that is its own: most are, and a copy costs)."""
    return finding if finding.severity == severity else replace(finding, severity=severity)


def process_all(tasks: list[Task], progress: Progress, jobs: int | None = None) -> Iterator[FileResult]:
    """Each task's result in order: serially for a few files (or jobs=1), in a pool of processes (see pool_size)
    for many. Closing the iterator cancels what the pool has not started."""
    done = 0
    workers = pool_size(len(tasks), jobs)
    forked = _pool_context() is not None
    if len(tasks) > PARALLEL_THRESHOLD and workers > 1 and (forked or _sendable(tasks)):
        broken = _lazy("BrokenProcessPool")
        try:
            _prepare_workers(tasks)
            _INHERITED[:] = tasks if forked else ()
            freeze_start_up()
            resume_after_start_up()
            pool = _lazy("ProcessPoolExecutor")(max_workers=workers, mp_context=_pool_context(),
                                                initializer=_worker_start, initargs=(os.getpid(),))
            try:
                chunk = max(1, min(MAX_CHUNK, len(tasks) // (workers * 8)))
                sent = (_inherited, range(len(tasks))) if forked else (process, tasks)
                for result in pool.map(*sent, chunksize=chunk):
                    done += 1
                    progress.advance()
                    yield result
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
                _INHERITED.clear()
        except (OSError, NotImplementedError, broken):  # no working process pool here: go on serially
            pass
    resume_after_start_up()
    for task in tasks[done:]:
        result = process(task)
        progress.advance()
        yield result


# The tasks of the running pool. Forked workers inherit this list, so a worker is sent a task's index, not the task:
# pickling every task's configuration, Markdown stack and extension configs in the main process (one core, while
# two workers wait for their first pages) and unpickling them in each worker cost more than the sending.
_INHERITED: list[Task] = []


def _inherited(index: int) -> FileResult:
    """A forked worker's task by its index in _INHERITED, processed."""
    return process(_INHERITED[index])


def _sendable(tasks: list[Task]) -> bool:
    """Whether every task can be pickled to a worker. A site's hooks may add Markdown extensions whose classes live
    in a file MkDocs loaded by path (pypa/hatch's docs/.hooks/plugin_register.py): such a task cannot be sent, and
    the pool then raised a PicklingError traceback or, on CPython 3.11, hung for ever in its shutdown. Tasks that
    share a configuration (the same objects) pickle alike, so one of each is tried. (Only where the pool spawns its
    workers: forked ones inherit the tasks, see _INHERITED.)"""
    import pickle

    tried: set[tuple[int, int, int]] = set()
    for task in tasks:
        key = (id(task.config), id(task.extensions), id(task.extension_configs))
        if key not in tried:
            tried.add(key)
            try:
                pickle.dumps(task)
            except Exception:  # PicklingError, or whatever an object's own __reduce__ raises
                return False
    return True


def _prepare_workers(tasks: list[Task]) -> None:
    """Before the pool forks: check a small sample page once with each of the first few configurations the tasks
    use, so the modules and the parser instances this imports and builds (for a .md page: Python-Markdown, its
    extensions and their entry points, the scanning instance) are made once here and inherited by every worker,
    not made again in each. Only caches are filled: a worker's results are those of a fresh process (the scanning
    instance is reset for every page, as when one process checks many). Whatever fails here fails again, and is
    reported, where the pages are checked."""
    if _pool_context() is None:  # spawned workers inherit nothing
        return
    prepared: set[tuple] = set()
    for task in tasks:
        if len(prepared) >= PREPARED_CONFIGURATIONS:
            break
        key = (task.dialect, task.cross_check, task.extensions, repr(task.extension_configs), task.front_matter)
        if task.command == "check" and not task.verify and key not in prepared:  # (fix and --verify: not yet)
            prepared.add(key)
            with suppress(Exception):  # each page that meets it reports it
                check_text(replace(task, path=SAMPLE_PATH), SAMPLE_PAGE)


def _pool_context():
    """fork where it is safe (Linux: fast, and each worker's parent is this process, which _worker_start relies
    on); the platform's default elsewhere (spawn: the parent is this process too)."""
    import multiprocessing

    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


def _worker_start(parent: int) -> None:
    """A pool worker's set-up: it dies with the main process (a killed run leaves no worker behind), and leaves
    SIGINT (a terminal's Ctrl-C reaches the whole process group) and SIGTERM to the main process's handling."""
    sys.stdout = sys.stderr  # the site's code it runs may print; stdout is the main process's output (see run)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    watched = _die_with_parent()
    if os.getppid() != parent:  # the main process died before the worker could watch it
        os._exit(1)
    if not watched:
        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()


def _die_with_parent() -> bool:
    """Ask the kernel to SIGKILL this process when its parent exits (Linux prctl PR_SET_PDEATHSIG)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return False


def _exit_when_orphaned(parent: int) -> None:
    """Where the kernel cannot do it: exit as soon as the parent is gone (the worker is re-parented)."""
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(1)


def pool_size(files: int, jobs: int | None) -> int:
    """Processes for a pool: as asked (default 32), but no more than the files and the CPUs this process may use
    (more would only cost memory and start-up time)."""
    return max(1, min(jobs or 32, files, available_cpus()))


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the platform has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def process(task: Task) -> FileResult:
    """Check or fix one file; never raises (an unexpected failure becomes the file's error)."""
    try:
        return fix_file(task) if task.command == "fix" else check_file(task)
    except FileProblem as problem:
        return FileResult(task.path, error=str(problem), error_at=problem.at)
    except Exception as error:  # a bug must not stop the other files: report it with the path
        return FileResult(task.path, error=_failure(error, task.extensions))


def _failure(error: Exception, extensions: Sequence | None = None) -> str:
    """What a file's unexpected failure says: where the site's own code raised it, or which of the site's Markdown
    extensions raised it, else an internal error."""
    detail = f"{type(error).__name__}: {error}"
    place = _site_code_place(error)
    if place is not None:
        return f"error in the site's own code at {place} ({detail})"
    extension = _raising_extension(error, extensions or ())
    if extension is not None:
        return f"error in the site's Markdown extension {extension} ({detail})"
    return f"internal error ({detail}); please report it"


def _raising_extension(error: Exception, extensions: Sequence) -> str | None:
    """The extension of the stack (by name) whose package raised the error: the innermost frame of the traceback
    outside the standard library (where a `raise` in the standard library was called from) is in that extension's
    top-level package (not Python-Markdown's, which house-tables drives itself). Zensical's preview extension
    raises outside a Zensical build ("Rendering context not registered"): that was an internal error to report to
    house-tables."""
    import sysconfig
    import traceback

    names = [name for name in extensions if isinstance(name, str) and not name.startswith("markdown.")]
    standard = Path(sysconfig.get_paths()["stdlib"]).resolve()
    for frame, _ in reversed(list(traceback.walk_tb(error.__traceback__))):
        if Path(frame.f_code.co_filename).resolve().is_relative_to(standard):
            continue
        return _extension_of(str(frame.f_globals.get("__name__", "")), names)
    return None


def _extension_of(module: str, names: Sequence[str]) -> str | None:
    """The extension of the stack a module belongs to: the one it is (or is inside), else the only one of its
    top-level package, else that package (pymdownx.util raising under several pymdownx extensions: naming one of
    them would blame the wrong one)."""
    inside = [name for name in names if module == name or module.startswith(name + ".")]
    if inside:
        return max(inside, key=len)
    package = module.split(".")[0]
    siblings = {name for name in names if name.split(".")[0] == package}
    if len(siblings) > 1:
        return package
    return siblings.pop() if siblings else None


def _site_code_place(error: Exception) -> str | None:
    """`path:line` of the innermost frame of the traceback in a file under the current directory that is neither
    house-tables' nor installed (not under sys.prefix): a hook or local extension of the site raised (pypa/hatch's
    version hook without a `hatch` on PATH was reported, on 29 files, as an internal error to report)."""
    import traceback

    here, own = Path.cwd().resolve(), Path(__file__).resolve().parent
    installed = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()}
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        path = Path(frame.filename).resolve()
        if (path.is_relative_to(here) and not path.is_relative_to(own)
                and not any(path.is_relative_to(prefix) for prefix in installed)):
            return f"{path.relative_to(here).as_posix()}:{frame.lineno}"
    return None


def check_file(task: Task) -> FileResult:
    """Every pipe table of a file and every finding fix would give (HT009 only with --verify); no rendering. The
    result names the bytes it was found in when a cache is to keep it under them."""
    started = time.time_ns()
    loaded = read_text(task.path, for_writing=False)
    result = check_text(task, loaded.text)
    if task.keyed and result.pasted is not None:  # the bytes read (strict UTF-8 round-trips them exactly) and
        # their stat, for the cache; with those of each file pasted into the page
        digest = with_pasted(content_digest(loaded.text.encode("utf-8")), result.pasted)
        result.source = () if digest is None else (digest, trusted_stat(loaded.stat, started))
    return result


def check_text(task: Task, text: str) -> FileResult:
    """check_file for a text that is not (or not yet) on disk, such as an editor's buffer."""
    if task.verify:
        rewrite = _as_built(task, text)
        conversion = convert_text(text, task, rewrite)
        tables, elsewhere, diagnostics = conversion.tables, conversion.elsewhere, conversion.diagnostics
        diagnostics = _with_assembled(diagnostics, _assembled_when_pasted(elsewhere, rewrite, text))
        hand = conversion.hand_counts
    else:
        rewrite = _as_built(task, text)
        plan = _lazy("plan_page")(text, task.dialect, config=task.config, extensions=task.extensions,
                         configs=task.extension_configs, cross_check=task.cross_check, front_matter=task.front_matter,
                         directives=task.directives, rewrite=rewrite,
                         commonmark=_commonmark_format(task, text) is not None)
        tables, elsewhere, diagnostics = plan.tables, plan.elsewhere, plan.diagnostics
        hand = (plan.hand.conforming, len(plan.hand.normalisable), plan.hand.alone)
    return FileResult(task.path, table_records(task.path, tables, elsewhere),
                      [Finding.of(task.path, d) for d in diagnostics], hand=hand,
                      pasted=rewrite.of(text)[1] if hasattr(rewrite, "of") else ())


def convert_text(text: str, task: Task, rewrite=None):
    """The conversion of a file's text (the renderers are imported only when something is converted); rewrite: the
    page's reading by the site's plugins and hooks, when the caller has made it (else made here)."""
    from .convert import convert

    if rewrite is None:
        rewrite = _as_built(task, text)
    return convert(text, task.dialect, task.config, form=task.form, extensions=task.extensions,
                   configs=task.extension_configs, cross_check=task.cross_check, front_matter=task.front_matter,
                   template_markers=_template_markers(task, text), jsx_refused=jsx_refusal(task, text),
                   rewrite=rewrite,
                   refused=_included_refusal(task) or _outside_refusal(task) or _watched_refusal(task)
                   or html_refusal(task, text),
                   directives=task.directives,
                   contexts=_contexts(task, rewrite), commonmark=_commonmark_format(task, text) is not None,
                   jinja=_raw_blocks(task, text), cjk_refused=_cjk_refusal(task))


def _with_assembled(diagnostics: list[Diagnostic], assembled: list[Diagnostic]) -> list[Diagnostic]:
    """The findings with the HT009 of each table assembled across pasted files (_assembled_when_pasted) in place of
    any other HT009 at its place: the verification's of the table's lines the file holds alone (a header without its
    pasted rows), which says what differs, not why."""
    if not assembled:
        return diagnostics
    places = {(finding.path, finding.span.start.line) for finding in assembled}
    kept = [d for d in diagnostics if d.code != "HT009" or (d.path, d.span.start.line) not in places]
    return sorted([*kept, *assembled], key=Diagnostic.order)


def _assembled_when_pasted(elsewhere, rewrite, text: str) -> list[Diagnostic]:
    """HT009 for each table a page shows at its own lines only once include-markdown has pasted files into it (rewrite:
    includes.PastedReading): its rows come from more than one file (a header in the page, rows pasted; a header
    pasted, rows in the page), or from pasted text the plugin changed (`replace=`, a file pasted by a pasted file),
    which no one file holds as the page shows it. fix converts a table within one file: it stays, and says why
    (fix and check --verify; the build reports its HT001 alone)."""
    if not hasattr(rewrite, "pasted_files"):
        return []
    pasted = rewrite.of(text)[0]
    from .diagnostics import not_verified
    from .model import Position, Span

    return [not_verified(Span(Position(placed.line, 1), Position(placed.line, 1)),
                         "this table is shown only once include-markdown pastes files into the page, and no one file "
                         "holds it as shown (its rows come from more than one file, or the plugin changed the pasted "
                         "text): fix converts a table within one file",
                         "move the whole table into one file, or convert it by hand")._replace(path=placed.path)
            for placed in elsewhere if (placed.path is None  # at the page's lines: rows of the page and pasted ones
                                        and (placed.end_line == placed.line  # text no file holds, at one line
                                             or rewrite.pastes_within(text, placed.line, _last_line(placed))))
            or (placed.path in pasted and placed.end_line > len(pasted[placed.path]))]  # a file too short for it


def _last_line(placed) -> int:
    """The last line of the page a table placed at its lines may reach (a pasting directive there pastes rows into
    it; a table of the page's own lines that another plugin changed, the macros plugin's expression in a cell, has
    none: its HT009 says what differs)."""
    return placed.line + placed.table.end_line - placed.table.start_line


def _cjk_refusal(task: Task) -> tuple[str, str] | None:
    """convert's cjk_refused for a page of a host that reads emphasis by the CJK-friendly amendments: Rspress, whose
    markdown.cjkFriendlyEmphasis is on unless the config turns it off (site.rspress_host)."""
    if not task.cjk_friendly:
        return None
    return ("Rspress reads emphasis beside CJK text by the CJK-friendly amendments (remark-cjk-friendly), which "
            "house-tables does not: a cell would change", "convert this table by hand")


def _as_built(task: Task, text: str):
    """What the build reads of the page, as a function of its text (plan_page's and convert's rewrite): the files
    include-markdown pastes into it (_pasted: its on_page_markdown runs first, at priority 100), then the site's
    rewriting plugins and hooks (_rewrite), with the macros plugin's rendering at its place among them where that
    surely renders the page (a `{% raw %}` or `{% if %}` line in or right above a pipe table is no line of it
    there, and the table a table)."""
    jinja = _jinja(task, text)
    return _pasted(task, text, _rewrite(task, None if jinja is None else jinja.view()))


def _pasted(task: Task, text: str, then):
    """The rewrite `then` after the site's include-markdown plugin pastes files into the page, as the build runs them
    (includes.pasted_reading: a table the page shows only once pasted, or assembled across files, is read where the
    build reads it, its findings placed as the build places them); `then` on a page without a directive."""
    if task.pastes is None or task.dialect is not Dialect.PYTHON_MARKDOWN:
        return then
    from .includes import pasted_reading

    return pasted_reading(task.pastes, task.path, text, then)


def _jinja(task: Task, text: str):
    """The Jinja syntax of the site's macros plugin when it surely renders this page."""
    scope = task.jinja
    if scope is None or task.dialect is not Dialect.PYTHON_MARKDOWN:
        return None
    return scope.syntax if task.rendered_where_pasted or scope.renders(task.path, text) else None


def _raw_blocks(task: Task, text: str):
    """convert's jinja: the Jinja syntax of the site's macros plugin when it surely renders this page and fix may
    write a house table inside a raw block there; None on a site that pastes files with include-markdown (a file
    the plugin renders as its own page is pasted into pages it may not render, where the raw block's tags would be
    text)."""
    return None if task.pastes is not None else _jinja(task, text)


def macros_scope_of(own):
    """Task.macros: the pages the site's macros plugin renders, when that can be told (site.macros_scope)."""
    if own.site is None or own.site.macros is None:
        return None
    from .site import macros_scope

    return macros_scope(own.site)


def _template_markers(task: Task, text: str) -> tuple:
    """The template delimiters that count on this page, with the plugins that read them there: the macros plugin's
    only when it renders the page (another plugin's of the same text still count)."""
    scope = task.macros
    if scope is None or not scope.leaves(task.path, text):
        return task.template_markers
    readers = [marker._replace(plugins=tuple(name for name in marker.plugins if name != MACROS_PLUGIN))
               if marker.text in scope.markers else marker for marker in task.template_markers]
    return tuple(marker for marker in readers if marker.plugins)


def included_by_of(own, path: Path) -> tuple[str, str] | None:
    """Task.included_by: the first page line that includes this file so that converting a table would change that
    page (site.guarded_includes: snippets; braces.brace_includes: `{!path!}`; includes.partial_includes:
    include-markdown), if any."""
    if own.site is None:
        return None
    from .site import guarded_includes

    found = guarded_includes(own.site).get(os.path.abspath(path))
    if found is None:
        from .braces import brace_includes

        found = brace_includes(own.site).get(os.path.abspath(path))
    if found is None and own.site.include_markdown is not None:
        from .includes import partial_includes

        found = partial_includes(own.site).get(os.path.abspath(path))
    return found


def shown_in_of(own, path: Path) -> tuple[str, ...]:
    """Task.shown_in: the pages that include this file whole by a snippet (site.snippet_includers)."""
    if own.site is None:
        return ()
    from .site import snippet_includers

    return snippet_includers(own.site).get(os.path.abspath(path), ())


def pasted_in_of(own, path: Path):
    """Task.pasted_in: the pages that paste this file whole by include-markdown (includes.pasting_of), or None."""
    if own.site is None or own.site.include_markdown is None:
        return None
    from .includes import pasting_of

    return pasting_of(own.site, os.path.abspath(path))


def rendered_where_pasted_of(own, path: Path) -> bool:
    """Task.rendered_where_pasted: whether the file lies outside docs_dir (no page of its own, so the macros plugin
    renders it only where it is pasted) and every page that shows it pastes it whole (include-markdown) and is
    rendered by the plugin, which runs after the paste: those pages show its statement lines as no rows, its
    comments as nothing. Read as written instead (`check docs includes`), its `{% if %}` lines in a table were rows
    of one cell, HT003s the build never shows. A file shown otherwise too (in part, inline, by a snippet) or by no
    page stays read as written."""
    site = own.site
    if site is None or site.macros is None or site.include_markdown is None or not site.beside_docs(path):
        return False
    try:  # without the plugin's delimiters the view reads it as written: the pages need not be read (10 s on TRaSH)
        if not any(marker in read_text(path, for_writing=False).text for marker in site.macros.markers):
            return False
    except FileProblem:  # said where the file is read
        return False
    pasting = pasted_in_of(own, path)
    if pasting is None or shown_in_of(own, path) or included_by_of(own, path) is not None:
        return False
    try:
        return all(site.macros.renders(page, read_text(page, for_writing=False).text) for page in pasting.pages)
    except (FileProblem, OSError):  # a page that cannot be read: what it does with the file is unknown
        return False


def _contexts(task: Task, rewrite):
    """convert's contexts: the pages that show this file's text, with a given text in it (site.pages_including for
    snippets, includes.pages_pasting for include-markdown); and, for a page include-markdown pastes files into (its
    rewrite, includes.PastedReading, verifies it as pasted), its refusal of a file named by URL (unfetched)."""
    if not (task.shown_in or task.pasted_in or task.pastes) or task.dialect is not Dialect.PYTHON_MARKDOWN:
        return None
    from .includes import pages_pasting
    from .site import pages_including

    readers = []
    if task.shown_in:
        readers.append(pages_including(task.path, task.shown_in, task.extension_configs or {}))
    if task.pasted_in:
        readers.append(pages_pasting(task.pasted_in, task.path))
    if hasattr(rewrite, "unfetched"):
        readers.append(rewrite.unfetched)
    if not readers:
        return None
    return lambda text: [page for reader in readers for page in reader(text)]


def _outside_refusal(task: Task) -> tuple[str, str] | None:
    """convert's refused for a file of an MkDocs site outside its docs_dir that no page includes whole (a README.md
    beside mkdocs.yml): the site shows none of it, and where it is read as it is (GitHub, a package index) a house
    table loses its styles, its columns' alignment among them, which no render of the site's can verify."""
    if not task.outside_docs:
        return None
    return ("this file is outside the site's docs_dir and no page includes it: the site does not show it, and where it "
            "is read as it is (GitHub, a package index) a house table loses its styles, its columns' alignment among "
            "them", "leave its tables as they are, or move the file under docs_dir")


def _watched_refusal(task: Task) -> tuple[str, str] | None:
    """convert's refused on a site whose stack reads each pipe table's lines beside Python-Markdown's `tables`
    (compact_tables: it joins the rows its `|^` lines mark, takes a last `{...}` row for the table's attributes and
    caption, and pairs its lines with the page's tables in order): a converted table gives it no lines, so it pairs
    another table's lines with this one, or fails the build."""
    if not task.table_watchers:
        return None
    return (f"{task.table_watchers[0]} (markdown_extensions) reads the pipe tables' lines and pairs them with the "
            "page's tables in order, which a converted table would upset", "leave the tables as they are, or take "
            "that extension out of the stack")


def _included_refusal(task: Task) -> tuple[str, str] | None:
    """convert's refused when a page includes this file so that a converted table would change that page: it
    includes lines of it (they would be other lines), shows its text in a code block (the house table's source), or
    pastes it inline, in code or in part (include-markdown: the house table would be text, or cut)."""
    if task.included_by is None:
        return None
    from .braces import BRACE_INCLUDERS
    from .includes import NESTED_PASTE
    from .site import CODE_INCLUDE, RANGE_INCLUDE

    place, how = task.included_by
    if how in BRACE_INCLUDERS:
        return (f"{place} includes this file by {how} (`{{!…!}}`), which pastes its text into that page, where fix "
                "cannot verify a converted table", "include it by pymdownx.snippets (`--8<--`), which fix verifies in "
                "each page that includes it, or convert the table by hand")
    if how == RANGE_INCLUDE:
        return (f"{place} includes lines of this file by a snippet line range, which would hold other lines once a "
                "table is converted", "include the table by a snippet section (`--8<-- \"file.md:name\"` with "
                "`[start:name]`/`[end:name]` markers) or convert it by hand")
    if how == NESTED_PASTE:
        return (f"{place} pastes this file into the pages that paste that file (include-markdown), where fix cannot "
                "verify a converted table", "paste this file from the pages themselves, or convert the table by hand")
    if how != CODE_INCLUDE:  # include-markdown's (includes.partial_includes): inline, in code, in part
        return (f"{place} includes this file {how} (include-markdown), where a house table would not be read as one",
                "include the file on a line of its own, whole, or convert the table by hand")
    return (f"{place} shows this file's text in a code block (a snippet line inside a fence), which would show the "
            "house table's source", "leave this table as it is, or show the file otherwise")


def rewrites_of(own) -> str | None:
    """Task.rewrites of a file's settings: its site's mkdocs.yml when its hooks or plugins rewrite pages' Markdown."""
    site = own.site
    return str(site.config_file) if site is not None and site.rewrites_markdown else None


def _rewrite(task: Task, templated=None):
    """What the site's hooks and rewriting plugins make of this page's text (on_page_markdown), with templated (the
    macros plugin's view) at that plugin's place among them; templated alone (or None) when none rewrites pages."""
    if task.rewrites is None or task.dialect is not Dialect.PYTHON_MARKDOWN:
        return templated
    from .site import markdown_rewriter

    rewriter = markdown_rewriter(task.rewrites)
    return lambda text: rewriter(task.path, text, templated)


def jsx_refusal(task: Task, text: str) -> tuple[str, str] | None:
    """Why the page's host would show no house JSX table, and what to do (convert's jsx_refused); None when it
    shows them. An MkDocs site needs the plugin or the extension; Docusaurus reads a page as CommonMark, where
    JSX is text, under markdown.format 'md', or 'detect' for `.md`, unless the page's front matter says `mdx`."""
    if task.form != "jsx":
        return None
    if not task.renders_jsx and task.dialect is Dialect.PYTHON_MARKDOWN:
        return ("the site's build shows no house JSX table: its configuration lists neither the house-tables plugin "
                "nor the house_tables extension", "add `plugins: [house-tables]` to the site's configuration, or "
                "write the HTML form (--form html)")
    said = _commonmark_format(task, text)
    if said and task.host_kind in SUFFIX_HOSTS:
        html = "" if task.host_kind in RAW_HTML_DROPPED else "write the HTML form (--form html), or "
        return (f"{SUFFIX_HOSTS[task.host_kind]} reads a .md page as CommonMark, where a JSX table is no table",
                f"{html}rename the page to .mdx")
    if said:
        return (f"Docusaurus reads this page as CommonMark ({said}), where a JSX table is no table",
                "rename the page to .mdx, or give it the front matter `format: mdx`")
    return None


def html_refusal(task: Task, text: str) -> tuple[str, str] | None:
    """Why the HTML form cannot be written into the page (convert's refused): MDX reads it as JSX, which cannot
    hold `style="..."` strings nor an unclosed `<col>` (the page would not compile), and Fumadocs' and Vocs'
    CommonMark reading drops it; None for the JSX form and for a page Docusaurus, Astro, Nextra or Rspress reads as
    CommonMark."""
    if task.form != "html" or task.dialect is not Dialect.MDX:
        return None
    if _commonmark_format(task, text):
        if task.host_kind in RAW_HTML_DROPPED:  # MDX's md format without rehype-raw (Nextra, Rspress add it)
            return (f"{SUFFIX_HOSTS[task.host_kind]} compiles a .md page with MDX's md format, which drops raw "
                    "HTML: the table would vanish", "rename the page to .mdx")
        return None
    return ("MDX reads the HTML form as JSX, where its `style` strings and unclosed `<col>` do not compile",
            "write the JSX form (the default: leave out --form html)")


def _commonmark_format(task: Task, text: str) -> str | None:
    """What makes the host read the page as CommonMark (markdown.format 'md', or 'detect' for `.md`; on Docusaurus
    unless the page's front matter says otherwise), as said in a finding; None when it reads the page as MDX."""
    if task.markdown_format is None:
        return None
    own = _front_matter_format(text) if task.host_kind == "docusaurus" else None  # elsewhere the suffix alone reads
    chosen = own or task.markdown_format
    if chosen != "md" and (chosen != "detect" or task.path.lower().endswith(".mdx")):
        return None
    if task.host_kind in SUFFIX_HOSTS:
        return f"{SUFFIX_HOSTS[task.host_kind]}'s .md"
    return f"its front matter's format '{chosen}'" if own else f"markdown.format '{chosen}'"


def _front_matter_format(text: str) -> str | None:
    """The Markdown format a page's YAML front matter chooses for Docusaurus (`format: md`, or the older
    `mdx: {format: md}`), or None; the front matter read as MkDocs reads it (a page without `---` has none here)."""
    if not text.startswith("---"):
        return None
    data = page_meta().get_data(text)[1]
    nested = data.get("mdx")
    value = data.get("format", nested.get("format") if isinstance(nested, dict) else None)
    return value if value in ("md", "mdx", "detect") else None


def fix_file(task: Task) -> FileResult:
    """Convert every verifiable table of a file; write it atomically (or diff it) when it changes. The findings
    are what `check --verify` says of the new text: its tables re-scanned, and each declined table's HT009 moved
    to where that table now is."""
    from .collector import cycle_collector_paused
    from .conformance import reviews_kept

    with cycle_collector_paused(), reviews_kept():  # the new text's check builds the page's trees again
        return _fixed_file(task)


def _fixed_file(task: Task) -> FileResult:
    """fix_file's work."""
    loaded = read_text(task.path)
    rewrite = _as_built(task, loaded.text)
    conversion = convert_text(loaded.text, task, rewrite)
    tables, elsewhere, diagnostics = conversion.tables, conversion.elsewhere, conversion.diagnostics
    changed = conversion.text != loaded.text
    if changed:
        rewrite = _as_built(task, conversion.text)
        plan = _lazy("plan_page")(conversion.text, task.dialect, config=task.config, extensions=task.extensions,
                                  configs=task.extension_configs, cross_check=task.cross_check,
                                  front_matter=task.front_matter, directives=task.directives, rewrite=rewrite,
                                  commonmark=_commonmark_format(task, conversion.text) is not None)
        tables, elsewhere, rechecked = plan.tables, plan.elsewhere, plan.diagnostics
        declined = [conversion.in_new_text(d) for d in diagnostics if d.code == "HT009"]
        diagnostics = sorted([*rechecked, *declined], key=Diagnostic.order)
    diagnostics = _with_assembled(diagnostics, _assembled_when_pasted(elsewhere, rewrite, conversion.text))
    result = FileResult(task.path, table_records(task.path, tables, elsewhere),
                        [Finding.of(task.path, d) for d in diagnostics],
                        converted=sum(not item.normalised for item in conversion.converted), cells=conversion.cells,
                        hand=conversion.hand_counts, changed=changed, summary=conversion.summary())
    if changed and task.diff:
        result.diff = unified_diff(task.path, loaded.text, conversion.text)
    if changed and task.write:
        result.pending = (conversion.text.encode("utf-8"), loaded)  # written by the main process: see commit
    return result
