"""Command line: `house-tables check PATH...` reports pipe tables and diagnostics, `fix` converts the tables."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .config import Config, ConfigError
from .convert import convert
from .files import Excluder, FileProblem, discover, read_text, write_atomic
from .model import Dialect
from .parsing import scan
from .report import FORMATS, FileResult, Finding, Progress, Run, TableRecord, emit, unified_diff

PARALLEL_THRESHOLD = 32  # more files than this are processed in a pool of processes
CONFIG_KEYS = ("style", "widths", "custom_style")  # validated by Config.from_mapping, as in the plugin
CLI_KEYS = ("dialect", "exclude")  # pyproject.toml only: validated here
PLUGIN_NAME = "house-tables"
_TOOL_TABLE = re.compile(r"^\s*\[\s*tool\s*\.\s*(\"house-tables\"|'house-tables'|house-tables)\s*[\].]", re.M)


class UsageError(Exception):
    """A bad command line or configuration: printed as is, exit 2."""


@dataclass(frozen=True)
class Settings:
    """Options from the configuration file (if any), before the command line overrides them."""

    config: Config = Config()
    dialect: Dialect | None = None
    exclude: tuple[str, ...] = ()
    base: Path | None = None  # the configuration file's directory: `exclude` globs are relative to it


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
                        help="pyproject.toml ([tool.house-tables]) or mkdocs.yml (the house-tables plugin entry)")
    common.add_argument("--exclude", action="append", default=[], metavar="GLOB",
                        help="skip files and directories matching GLOB (repeatable)")
    top = argparse.ArgumentParser(prog="house-tables", description="Find Markdown pipe tables and convert them "
                                  "to the house table style.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="{check,fix}")
    commands.add_parser("check", parents=[common], help="report every pipe table and diagnostic")
    fix = commands.add_parser("fix", parents=[common], help="convert every pipe table to the house style")
    fix.add_argument("--diff", action="store_true", help="print a unified diff and write nothing")
    fix.add_argument("--check", action="store_true", help="write nothing; exit 1 if fix would change a file")
    return top


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line: 0 clean, 1 findings (or changes fix would make), 2 usage errors or unusable files."""
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:  # argparse has printed the usage or the help
        return exit_.code if isinstance(exit_.code, int) else 2
    try:
        settings = load_settings(args.config, Path.cwd())
        _check_options(args)
    except (UsageError, ConfigError) as error:
        print(f"house-tables: {error}", file=sys.stderr)
        return 2
    outcome = execute(args, settings)
    emit(outcome, args.format, sys.stdout, sys.stderr)
    return exit_code(outcome)


def _check_options(args: argparse.Namespace) -> None:
    """Combinations the formats cannot express."""
    if getattr(args, "diff", False) and args.format in ("json", "sarif"):
        raise UsageError(f"--diff cannot be combined with --format {args.format}")


def exit_code(outcome: Run) -> int:
    """2 when a path could not be used; 1 for findings, or for changes when fix writes nothing; else 0."""
    if outcome.errors:
        return 2
    would_change = not outcome.writes and any(result.changed for result in outcome.results)
    return 1 if outcome.findings or would_change else 0


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
    """Find the files, process each (in parallel for many), and collect what happened."""
    bases = tuple(base for base in (settings.base, Path.cwd()) if base is not None)
    excluder = Excluder((*settings.exclude, *args.exclude), bases)
    found = discover(args.paths, excluder)
    forced = Dialect(args.dialect) if args.dialect else settings.dialect
    diff = bool(getattr(args, "diff", False))
    writes = args.command == "fix" and not (diff or args.check)
    tasks = [Task(str(path), forced or dialect_for(path), args.command, args.form, settings.config, writes, diff)
             for path in found.files]
    progress = Progress(len(tasks), sys.stderr)
    try:
        results = list(process_all(tasks, progress))
    finally:
        progress.close()
    return Run(args.command, results, found.problems, writes=writes, diff=diff)


def process_all(tasks: list[Task], progress: Progress) -> Iterator[FileResult]:
    """Each task's result in order: serially for a few files, in a process pool for many."""
    done = 0
    if len(tasks) > PARALLEL_THRESHOLD and (os.cpu_count() or 1) > 1:
        try:
            with ProcessPoolExecutor(max_workers=min(os.cpu_count() or 1, 32)) as pool:
                chunk = max(1, len(tasks) // ((os.cpu_count() or 1) * 8))
                for result in pool.map(process, tasks, chunksize=chunk):
                    done += 1
                    progress.advance()
                    yield result
        except (OSError, NotImplementedError, BrokenProcessPool):  # no working process pool here: go on serially
            pass
    for task in tasks[done:]:
        result = process(task)
        progress.advance()
        yield result


def process(task: Task) -> FileResult:
    """Check or fix one file; never raises (an unexpected failure becomes the file's error)."""
    try:
        return fix_file(task) if task.command == "fix" else check_file(task)
    except FileProblem as problem:
        return FileResult(task.path, error=str(problem))
    except Exception as error:  # a bug must not stop the other files: report it with the path
        return FileResult(task.path, error=f"internal error ({type(error).__name__}: {error}); please report it")


def check_file(task: Task) -> FileResult:
    """Every pipe table of a file, and every diagnostic fix would give (HT001 of `off` tables silenced)."""
    text = read_text(task.path).text
    tables = scan(text, task.dialect).tables
    conversion = convert(text, task.dialect, task.config, form=task.form)
    return FileResult(task.path, [TableRecord.of(task.path, t) for t in tables],
                      [Finding.of(task.path, d) for d in conversion.diagnostics])


def fix_file(task: Task) -> FileResult:
    """Convert every verifiable table of a file; write it atomically (or diff it) when it changes."""
    loaded = read_text(task.path)
    tables = scan(loaded.text, task.dialect).tables
    conversion = convert(loaded.text, task.dialect, task.config, form=task.form)
    done = [(item.table.start_line, item.table.end_line) for item in conversion.converted]
    remaining = [d for d in conversion.diagnostics if not any(a <= d.span.start.line <= b for a, b in done)]
    result = FileResult(task.path, [TableRecord.of(task.path, t) for t in tables],
                        [Finding.of(task.path, d) for d in remaining], converted=len(conversion.converted),
                        cells=conversion.cells, changed=conversion.text != loaded.text, summary=conversion.summary())
    if result.changed and task.diff:
        result.diff = unified_diff(task.path, loaded.text, conversion.text)
    if result.changed and task.write:
        write_atomic(task.path, conversion.text.encode("utf-8"), loaded.stat)
    return result


# ------------------------------------------------------------------ configuration


def load_settings(explicit: str | None, cwd: Path) -> Settings:
    """Settings from --config (pyproject.toml or mkdocs.yml), else the nearest pyproject.toml that has them."""
    if explicit:
        path = Path(explicit)
        if not path.is_file():
            raise UsageError(f"{explicit}: no such configuration file")
        if path.suffix.lower() in (".yml", ".yaml"):
            return _from_mkdocs(path)
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
    if not _TOOL_TABLE.search(text) and not required:
        return None
    toml = _toml_module(shown)
    try:
        document = toml.loads(text)
    except toml.TOMLDecodeError as error:
        raise UsageError(f"{shown}: invalid TOML: {error}") from None
    options = document.get("tool", {}).get(PLUGIN_NAME)
    if options is None:
        if required:
            raise UsageError(f"{shown}: no [tool.{PLUGIN_NAME}] table")
        return None
    return settings_from(options, f"{shown} [tool.{PLUGIN_NAME}]", path.parent, cli_keys=True)


def _toml_module(shown: str):
    """tomllib (3.11+), else tomli, else a clear error."""
    try:
        import tomllib

        return tomllib
    except ModuleNotFoundError:
        try:
            import tomli

            return tomli
        except ModuleNotFoundError:
            raise UsageError(f"{shown}: reading [tool.{PLUGIN_NAME}] needs Python 3.11+ or the tomli package "
                             "(pip install tomli), or pass the options on the command line") from None


def _from_mkdocs(path: Path) -> Settings:
    """The options of the house-tables entry under `plugins:` in an mkdocs.yml."""
    import yaml

    shown = _shown(path)
    try:
        document = yaml.load(_read_config(path), Loader=_MkDocsLoader)  # noqa: S506 — a SafeLoader subclass
    except yaml.YAMLError as error:
        raise UsageError(f"{shown}: invalid YAML: {error}") from None
    plugins = document.get("plugins") if isinstance(document, dict) else None
    for name, options in _plugin_entries(plugins):
        if name == PLUGIN_NAME:
            if options is not None and not isinstance(options, dict):
                raise UsageError(f"{shown}: plugins: {PLUGIN_NAME} must be a mapping of options")
            return settings_from(options or {}, f"{shown} (plugins: {PLUGIN_NAME})", path.parent, cli_keys=False)
    raise UsageError(f"{shown}: no {PLUGIN_NAME} entry under plugins:")


def _plugin_entries(plugins) -> Iterator[tuple[str, object]]:
    """(name, options) of each plugin: a list of names or one-key mappings (or one mapping of all)."""
    if isinstance(plugins, dict):
        yield from plugins.items()
        return
    for entry in plugins if isinstance(plugins, list) else ():
        if isinstance(entry, str):
            yield entry, None
        elif isinstance(entry, dict):
            yield from entry.items()


def settings_from(options, where: str, base: Path, *, cli_keys: bool) -> Settings:
    """Validated settings: the plugin's options through Config.from_mapping, the CLI's own keys here."""
    if not isinstance(options, dict):
        raise ConfigError(f"{where}: expected a table of options, not {type(options).__name__}")
    known = (*CONFIG_KEYS, *CLI_KEYS) if cli_keys else CONFIG_KEYS
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ConfigError(f"{where}: unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    if "custom_style" in options and not isinstance(options["custom_style"], (dict, type(None))):
        raise ConfigError(f"{where}: custom_style must be a table of options")
    try:
        config = Config.from_mapping({k: v for k, v in options.items() if k in CONFIG_KEYS}, where)
    except ConfigError:
        raise
    except (TypeError, ValueError) as error:
        raise ConfigError(f"{where}: invalid value: {error}") from None
    return Settings(config, _dialect_option(options, where), _exclude_option(options, where), base)


def _dialect_option(options: dict, where: str) -> Dialect | None:
    """The `dialect` key: python-markdown or mdx."""
    value = options.get("dialect")
    if value is None:
        return None
    names = [d.value for d in Dialect]
    if value not in names:
        raise ConfigError(f"{where}: dialect must be one of {', '.join(names)}, not {value!r}")
    return Dialect(value)


def _exclude_option(options: dict, where: str) -> tuple[str, ...]:
    """The `exclude` key: a list of globs."""
    value = options.get("exclude", [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: exclude must be a list of glob strings")
    return tuple(value)


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


def _mkdocs_loader():
    """yaml.SafeLoader that reads MkDocs' tags (`!ENV`, `!!python/name:...`) instead of refusing the file."""
    import yaml

    class Loader(yaml.SafeLoader):
        """Safe loading; unknown tags are read as plain values, `!ENV` as the environment variable."""

    Loader.add_multi_constructor("", _plain)
    Loader.add_constructor("!ENV", _environment)
    return Loader


def _plain(loader, _suffix, node):
    """A node with an unknown tag, read as if it had none."""
    import yaml

    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node, deep=True)
    return loader.construct_mapping(node, deep=True)


def _environment(loader, node):
    """MkDocs' `!ENV NAME` or `!ENV [NAME, OTHER, default]`."""
    import yaml

    if isinstance(node, yaml.ScalarNode):
        return os.environ.get(loader.construct_scalar(node))
    names = loader.construct_sequence(node, deep=True)
    for name in names[:-1]:
        if name in os.environ:
            return os.environ[name]
    return os.environ.get(names[-1], names[-1]) if len(names) == 1 else names[-1]


class _LazyLoader:
    """The loader class, built on first use (PyYAML is imported only for mkdocs.yml)."""

    def __get__(self, _instance, _owner):
        return _mkdocs_loader()
