"""Command line: `house-tables check PATH...` reports pipe tables and diagnostics, `fix` converts the tables."""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import closing, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .config import LEVELS, Config, ConfigError, reported_level, validate_levels
from .files import FileProblem, Selection, discover, page_selected, read_text, remove_leftover, write_atomic
from .model import Diagnostic, Dialect
from .plan import planned_diagnostics
from .report import FORMATS, FileResult, Finding, Progress, Run, TableRecord, emit, unified_diff
from .site import MdxHost, Site, Sites, mdx_host

PARALLEL_THRESHOLD = 32  # more files than this are processed in a pool of processes
MAX_CHUNK = 16  # files per message to a worker: an interrupted run waits for the few chunks being processed
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)  # stop between two writes, then report what was written
CONFIG_KEYS = ("style", "widths", "custom_style")  # validated by Config.from_mapping, as in the plugin
PLUGIN_KEYS = ("enabled", "level", "levels", "include", "exclude")  # the plugin's other options, validated here
CLI_KEYS = ("dialect",)  # pyproject.toml only
PLUGIN_NAME = "house-tables"


class UsageError(Exception):
    """A bad command line or configuration: printed as is, exit 2."""


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: stop after the write in progress (BaseException: no `except Exception` eats it)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@dataclass(frozen=True)
class Settings:
    """Options from the configuration file (if any), before the command line overrides them."""

    config: Config = field(default_factory=Config)
    dialect: Dialect | None = None
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    level: str = "warning"
    levels: dict[str, str] = field(default_factory=dict)
    bases: tuple[Path, ...] = ()  # globs also match paths relative to these (the configuration's directories)
    extensions: tuple[str, ...] | None = None  # an mkdocs.yml's Markdown stack (None: MkDocs' usual stack)
    extension_configs: dict | None = None
    source: str = "defaults"  # which files these settings come from, as the summary names them
    site: Site | None = None  # the mkdocs.yml whose pages these settings read

    def severity(self, code: str, severity: str) -> str:
        """The level a finding is reported at, as the plugin logs it (error-severity codes stay errors)."""
        return reported_level(code, severity, self.level, self.levels)


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


def dialect_for(path: Path | str) -> Dialect:
    """The dialect of a file by its suffix: .mdx is MDX, other Markdown is Python-Markdown."""
    return Dialect.MDX if str(path).lower().endswith(".mdx") else Dialect.PYTHON_MARKDOWN


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
                        help="pyproject.toml ([tool.house-tables]) or mkdocs.yml (its Markdown stack and plugin entry)")
    common.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="skip files and directories matching GLOB (repeatable)")
    common.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                        help="processes to use for more than a few files (default: one per CPU; never more than "
                        "the CPUs or the files; 1: none)")
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
    try:
        settings = load_settings(args.config, Path.cwd())
        _check_options(args)
    except (UsageError, ConfigError) as error:
        print(f"house-tables: {error}", file=sys.stderr)
        return 2
    with _stopping_on_signals():
        outcome = execute(args, settings)
    emit(outcome, args.format, sys.stdout, sys.stderr)
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
    """Console script (and `python -m house_tables`)."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        code = run()
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("house-tables: interrupted", file=sys.stderr)
        code = 130
    except BrokenPipeError:  # e.g. `house-tables check docs | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = 1
    raise SystemExit(code)


# ------------------------------------------------------------------ running


def execute(args: argparse.Namespace, settings: Settings) -> Run:
    """Find the files, read each with its site's configuration, process each (in parallel for many), and collect
    what happened."""
    selection = Selection(settings.include, (*settings.exclude, *args.exclude), (*settings.bases, Path.cwd()))
    found = discover(args.paths, selection)
    diff = bool(getattr(args, "diff", False))
    writes = args.command == "fix" and not (diff or args.check)
    verify, cross = bool(getattr(args, "verify", False)), bool(getattr(args, "cross_check", False))
    problems = list(found.problems)
    tasks, chosen, sites, refused = [], {}, SiteSettings(settings), set()
    for path in found.files:
        try:
            own = settings if args.config else sites.settings_for(path)
        except (ConfigError, UsageError) as error:  # reported once, at the configuration file it names
            if str(error) not in refused:
                refused.add(str(error))
                problems.append(tuple(str(error).split(": ", 1)) if ": " in str(error) else (str(path), str(error)))
            continue
        if not site_selects(own, path):
            continue
        forced = Dialect(args.dialect) if args.dialect else own.dialect
        tasks.append(Task(str(path), forced or dialect_for(path), args.command, args.form, own.config, writes, diff,
                          verify, cross, own.extensions, own.extension_configs, own.site is not None))
        chosen[str(path)] = own
    if writes:
        _remove_leftovers(found.leftovers)
    progress = Progress(len(tasks), sys.stderr)
    results, written, stopped = [], 0, None
    try:
        with closing(process_all(tasks, progress, args.jobs)) as outcomes:
            for result in outcomes:
                results.append(leveled(result, chosen[result.path]))
                if result.pending is not None:
                    written += commit(result)
                    _stop_if_signalled()
    except Interrupted as signal_:
        stopped = signal_.signum
    finally:
        progress.close()
    sources = sorted({own.source for own in chosen.values()}) or [settings.source]
    stop = _interruption(stopped, len(results), len(tasks), written if writes else None)
    return Run(args.command, results, problems, writes=writes, diff=diff, configuration=", ".join(sources),
               interrupted=stop, interrupted_by=stopped or 0)


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


class SiteSettings:
    """The settings each file of one run is read with: its nearest mkdocs.yml's Markdown stack, and the options
    of that site's house-tables plugin entry, else the base settings (pyproject.toml, or the defaults)."""

    def __init__(self, base: Settings):
        self.base = base
        self.sites = Sites()
        self._settings: dict[Path, Settings] = {}

    def settings_for(self, path: Path) -> Settings:
        """A file's settings (computed once per site)."""
        site_file = self.sites.nearest(path.parent)
        if site_file is None:
            return self.base
        if site_file not in self._settings:
            host = mdx_host(site_file)
            self._settings[site_file] = (_from_site(site_file, self.base, self.sites) if host is None
                                         else _from_mdx_host(host, self.base))
        return self._settings[site_file]


def _from_mdx_host(host: MdxHost, base: Settings) -> Settings:
    """The settings of a Docusaurus or Mintlify project: `.md` is MDX (unless a dialect is configured), the
    options are the base settings' (pyproject.toml or .house-tables.toml, else the defaults)."""
    shown = _shown(host.config_file)
    source = f"{shown} (.md as MDX{'; ' + host.note if host.note else ''})"
    if base.source != "defaults":
        source += f", {base.source}"
    return replace(base, dialect=base.dialect or Dialect.MDX, source=source)


def site_selects(settings: Settings, path: Path) -> bool:
    """Whether the site's plugin entry checks this page (its include/exclude globs over the path under docs_dir,
    as the plugin matches them); a file outside docs_dir is no page of the site and is always read."""
    site = settings.site
    if site is None or site.plugin_options is None:
        return True
    try:
        src = path.resolve().relative_to(site.docs_dir).as_posix()
    except ValueError:
        return True
    return page_selected(src, list(settings.include), list(settings.exclude))


def leveled(result: FileResult, settings: Settings) -> FileResult:
    """Findings at the configured levels (`level`, `levels`): `ignore` drops them."""
    findings = [replace(f, severity=settings.severity(f.code, f.severity)) for f in result.findings]
    result.findings = [f for f in findings if f.severity != "ignore"]
    return result


def process_all(tasks: list[Task], progress: Progress, jobs: int | None = None) -> Iterator[FileResult]:
    """Each task's result in order: serially for a few files (or jobs=1), in a pool of processes (see pool_size)
    for many. Closing the iterator cancels what the pool has not started."""
    done = 0
    workers = pool_size(len(tasks), jobs)
    if len(tasks) > PARALLEL_THRESHOLD and workers > 1:
        try:
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context(), initializer=_worker_start,
                                       initargs=(os.getpid(),))
            try:
                chunk = max(1, min(MAX_CHUNK, len(tasks) // (workers * 8)))
                for result in pool.map(process, tasks, chunksize=chunk):
                    done += 1
                    progress.advance()
                    yield result
            finally:
                pool.shutdown(wait=True, cancel_futures=True)
        except (OSError, NotImplementedError, BrokenProcessPool):  # no working process pool here: go on serially
            pass
    for task in tasks[done:]:
        result = process(task)
        progress.advance()
        yield result


def _pool_context():
    """fork where it is safe (Linux: fast, and each worker's parent is this process, which _worker_start relies
    on); the platform's default elsewhere (spawn: the parent is this process too)."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


def _worker_start(parent: int) -> None:
    """A pool worker's set-up: it dies with the main process (a killed run leaves no worker behind), and leaves
    SIGINT (a terminal's Ctrl-C reaches the whole process group) and SIGTERM to the main process's handling."""
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
        return FileResult(task.path, error=str(problem))
    except Exception as error:  # a bug must not stop the other files: report it with the path
        return FileResult(task.path, error=f"internal error ({type(error).__name__}: {error}); please report it")


def check_file(task: Task) -> FileResult:
    """Every pipe table of a file and every finding fix would give (HT009 only with --verify); no rendering."""
    return check_text(task, read_text(task.path).text)


def check_text(task: Task, text: str) -> FileResult:
    """check_file for a text that is not (or not yet) on disk, such as an editor's buffer."""
    if task.verify:
        conversion = convert_text(text, task)
        tables, diagnostics = conversion.tables, conversion.diagnostics
    else:
        tables, diagnostics = planned_diagnostics(text, task.dialect, extensions=task.extensions,
                                                  configs=task.extension_configs, cross_check=task.cross_check,
                                                  front_matter=task.front_matter)
    return FileResult(task.path, [TableRecord.of(task.path, t) for t in tables],
                      [Finding.of(task.path, d) for d in diagnostics])


def convert_text(text: str, task: Task):
    """The conversion of a file's text (the renderers are imported only when something is converted)."""
    from .convert import convert

    return convert(text, task.dialect, task.config, form=task.form, extensions=task.extensions,
                   configs=task.extension_configs, cross_check=task.cross_check, front_matter=task.front_matter)


def fix_file(task: Task) -> FileResult:
    """Convert every verifiable table of a file; write it atomically (or diff it) when it changes. The findings
    are what `check --verify` says of the new text: its tables re-scanned, and each declined table's HT009 moved
    to where that table now is."""
    loaded = read_text(task.path)
    conversion = convert_text(loaded.text, task)
    tables, diagnostics = conversion.tables, conversion.diagnostics
    changed = conversion.text != loaded.text
    if changed:
        tables, rechecked = planned_diagnostics(conversion.text, task.dialect, extensions=task.extensions,
                                                configs=task.extension_configs, cross_check=task.cross_check,
                                                front_matter=task.front_matter)
        declined = [conversion.in_new_text(d) for d in diagnostics if d.code == "HT009"]
        diagnostics = sorted([*rechecked, *declined], key=Diagnostic.order)
    result = FileResult(task.path, [TableRecord.of(task.path, t) for t in tables],
                        [Finding.of(task.path, d) for d in diagnostics], converted=len(conversion.converted),
                        cells=conversion.cells, changed=changed, summary=conversion.summary())
    if changed and task.diff:
        result.diff = unified_diff(task.path, loaded.text, conversion.text)
    if changed and task.write:
        result.pending = (conversion.text.encode("utf-8"), loaded)  # written by the main process: see commit
    return result


# ------------------------------------------------------------------ configuration


def load_settings(explicit: str | None, cwd: Path) -> Settings:
    """Settings from --config (pyproject.toml or mkdocs.yml), else the nearest pyproject.toml that has them (the
    mkdocs.yml nearest each file then adds its Markdown stack and plugin entry, see settings_for)."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise UsageError(f"{explicit}: no such configuration file")
        if path.suffix.lower() in (".yml", ".yaml"):
            return _from_site(path, Settings())
        return _from_pyproject(path, required=True) or Settings()
    for directory in (cwd, *cwd.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file():
            settings = _from_pyproject(candidate, required=False)
            if settings is not None:
                return settings
    return Settings()


def _from_pyproject(path: Path, required: bool) -> Settings | None:
    """The [tool.house-tables] table of a TOML file (None when it has none and none is required)."""
    shown = _shown(path)
    text = _read_config(path)
    if PLUGIN_NAME not in text and not required:  # no need to parse (or to have a TOML reader)
        return None
    toml = _toml_module(shown)
    try:
        document = toml.loads(text)
    except toml.TOMLDecodeError as error:
        raise UsageError(f"{shown}: invalid TOML: {error}") from None
    tool = document.get("tool", {})
    if not isinstance(tool, dict):  # `tool = 3`
        raise UsageError(f"{shown}: tool must be a table, not {tool!r}")
    options = tool.get(PLUGIN_NAME)
    if options is None:
        if required:
            raise UsageError(f"{shown}: no [tool.{PLUGIN_NAME}] table")
        return None
    where = f"{shown} [tool.{PLUGIN_NAME}]"
    settings = settings_from(options, where, (path.parent.resolve(),), (*CONFIG_KEYS, *PLUGIN_KEYS, *CLI_KEYS))
    return replace(settings, source=f"{shown} [tool.{PLUGIN_NAME}]")


def _toml_module(shown: str):
    """tomllib (3.11+), else tomli, else a clear error."""
    try:
        import tomllib

        return tomllib
    except ImportError:
        try:
            import tomli

            return tomli
        except ImportError:
            raise UsageError(f"{shown}: reading [tool.{PLUGIN_NAME}] needs Python 3.11+ or the tomli package "
                             "(pip install tomli), or pass the options on the command line") from None


def _from_site(path: Path, base: Settings, sites: Sites | None = None) -> Settings:
    """The settings of an mkdocs.yml: its Markdown stack always; its house-tables plugin entry's options when it
    has one (globs relative to docs_dir), else the base settings' options."""
    shown = _shown(path)
    site = (sites or Sites()).load(path, shown)
    if site.plugin_options is None:
        settings = base
        source = f"{shown} (Markdown stack)" + (f", {base.source}" if base.source != "defaults" else "")
    else:
        settings = settings_from(site.plugin_options, f"{shown} (plugins: {PLUGIN_NAME})",
                                 (site.docs_dir, site.config_file.parent), (*CONFIG_KEYS, *PLUGIN_KEYS))
        source = shown
    return replace(settings, extensions=site.extensions, extension_configs=site.extension_configs, source=source,
                   site=site)


def settings_from(options, where: str, bases: tuple[Path, ...], known: tuple[str, ...]) -> Settings:
    """Validated settings: the conversion options through Config.from_mapping, the others here (same messages)."""
    if not isinstance(options, dict):
        raise ConfigError(f"{where}: expected a table of options, not {type(options).__name__}")
    unknown = sorted(set(options) - set(known), key=str)
    if unknown:
        raise ConfigError(f"{where}: unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    _enabled(options, where)
    return Settings(
        config=_config(options, where),
        dialect=_choice(options, "dialect", [d.value for d in Dialect], where, None),
        include=_globs(options, "include", where),
        exclude=_globs(options, "exclude", where),
        level=_choice(options, "level", LEVELS, where, "warning"),
        levels=_levels(options, where),
        bases=bases,
    )


def _config(options: dict, where: str) -> Config:
    """style, widths and custom_style, validated by Config.from_mapping."""
    if not isinstance(options.get("custom_style") or {}, dict):
        raise ConfigError(f"{where}: custom_style must be a table of options")
    try:
        return Config.from_mapping({k: v for k, v in options.items() if k in CONFIG_KEYS}, where)
    except ConfigError:
        raise
    except (TypeError, ValueError) as error:  # a custom_style value of the wrong type
        raise ConfigError(f"{where}: invalid value: {error}") from None


def _choice(options: dict, key: str, choices, where: str, default):
    """A key whose value is one of a few names."""
    value = options.get(key, default)
    if key in options and value not in choices:
        raise ConfigError(f"{where}: {key} must be one of {', '.join(choices)}, not {value!r}")
    return Dialect(value) if key == "dialect" and value else value


def _globs(options: dict, key: str, where: str) -> tuple[str, ...]:
    """include / exclude: a list of glob strings."""
    value = options.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: {key} must be a list of glob strings")
    return tuple(value)


def _levels(options: dict, where: str) -> dict[str, str]:
    """levels: a level per code, e.g. {HT003: info} (known codes only, as the plugin checks them)."""
    return validate_levels(options.get("levels", {}), where)


def _enabled(options: dict, where: str) -> bool:
    """enabled: a boolean (the command line runs when asked, whatever it says; it is validated like the plugin's)."""
    value = options.get("enabled", True)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: enabled must be true or false, not {value!r}")
    return value


def _read_config(path: Path) -> str:
    """A configuration file's text."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        from .files import reason

        raise UsageError(f"{_shown(path)}: cannot read: {reason(error)}") from None


def _shown(path: Path) -> str:
    """A path relative to the current directory when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
