"""Command line: `house-tables check PATH...` reports pipe tables and diagnostics, `fix` converts the tables."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .config import LEVELS, Config, ConfigError, reported_level
from .files import FileProblem, Selection, discover, read_text, write_atomic
from .model import Dialect
from .plan import planned_diagnostics
from .report import FORMATS, FileResult, Finding, Progress, Run, TableRecord, emit, unified_diff

PARALLEL_THRESHOLD = 32  # more files than this are processed in a pool of processes
CONFIG_KEYS = ("style", "widths", "custom_style")  # validated by Config.from_mapping, as in the plugin
PLUGIN_KEYS = ("enabled", "level", "levels", "include", "exclude")  # the plugin's other options, validated here
CLI_KEYS = ("dialect",)  # pyproject.toml only
MKDOCS_BUILTIN_EXTENSIONS = ("toc", "tables", "fenced_code")  # MkDocs adds these to every site's stack
PLUGIN_NAME = "house-tables"


class UsageError(Exception):
    """A bad command line or configuration: printed as is, exit 2."""


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
    common.add_argument("--jobs", "-j", type=_jobs, metavar="N",
                        help="processes to use for more than a few files (default: one per core; 1: none)")
    top = argparse.ArgumentParser(prog="house-tables", description="Find Markdown pipe tables and convert them "
                                  "to the house table style.")
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="{check,fix}")
    check = commands.add_parser("check", parents=[common], help="report every pipe table and diagnostic")
    check.add_argument("--verify", action="store_true",
                       help="also render and verify every table as fix does, to report HT009 (slower)")
    check.add_argument("--cross-check", action="store_true",
                       help="also read each file in the other dialect and report HT007 where they disagree")
    fix = commands.add_parser("fix", parents=[common], help="convert every pipe table to the house style")
    fix.add_argument("--diff", action="store_true", help="print a unified diff and write nothing")
    fix.add_argument("--check", action="store_true", help="write nothing; exit 1 if fix would change a file")
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
    """Find the files, process each (in parallel for many), and collect what happened."""
    selection = Selection(settings.include, (*settings.exclude, *args.exclude), (*settings.bases, Path.cwd()))
    found = discover(args.paths, selection)
    forced = Dialect(args.dialect) if args.dialect else settings.dialect
    diff = bool(getattr(args, "diff", False))
    writes = args.command == "fix" and not (diff or args.check)
    verify, cross = bool(getattr(args, "verify", False)), bool(getattr(args, "cross_check", False))
    tasks = [Task(str(path), forced or dialect_for(path), args.command, args.form, settings.config, writes, diff,
                  verify, cross, settings.extensions, settings.extension_configs) for path in found.files]
    progress = Progress(len(tasks), sys.stderr)
    try:
        results = [leveled(result, settings) for result in process_all(tasks, progress, args.jobs)]
    finally:
        progress.close()
    return Run(args.command, results, found.problems, writes=writes, diff=diff)


def leveled(result: FileResult, settings: Settings) -> FileResult:
    """Findings at the configured levels (`level`, `levels`): `ignore` drops them."""
    findings = [replace(f, severity=settings.severity(f.code, f.severity)) for f in result.findings]
    result.findings = [f for f in findings if f.severity != "ignore"]
    return result


def process_all(tasks: list[Task], progress: Progress, jobs: int | None = None) -> Iterator[FileResult]:
    """Each task's result in order: serially for a few files (or jobs=1), in a pool of `jobs` processes
    (default: one per core, at most 32) for many."""
    done = 0
    workers = jobs or min(os.cpu_count() or 1, 32)
    if len(tasks) > PARALLEL_THRESHOLD and workers > 1:
        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                chunk = max(1, len(tasks) // (workers * 8))
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
    """Every pipe table of a file and every finding fix would give (HT009 only with --verify); no rendering."""
    text = read_text(task.path).text
    if task.verify:
        conversion = _convert(text, task)
        tables, diagnostics = conversion.tables, conversion.diagnostics
    else:
        tables, diagnostics = planned_diagnostics(text, task.dialect, extensions=task.extensions,
                                                  configs=task.extension_configs, cross_check=task.cross_check)
    return FileResult(task.path, [TableRecord.of(task.path, t) for t in tables],
                      [Finding.of(task.path, d) for d in diagnostics])


def _convert(text: str, task: Task):
    """The conversion of a file's text (the renderers are imported only when something is converted)."""
    from .convert import convert

    return convert(text, task.dialect, task.config, form=task.form, extensions=task.extensions,
                   configs=task.extension_configs, cross_check=task.cross_check)


def fix_file(task: Task) -> FileResult:
    """Convert every verifiable table of a file; write it atomically (or diff it) when it changes."""
    loaded = read_text(task.path)
    conversion = _convert(loaded.text, task)
    tables = conversion.tables
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
    if PLUGIN_NAME not in text and not required:  # no need to parse (or to have a TOML reader)
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
    where = f"{shown} [tool.{PLUGIN_NAME}]"
    return settings_from(options, where, (path.parent.resolve(),), (*CONFIG_KEYS, *PLUGIN_KEYS, *CLI_KEYS))


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


def _from_mkdocs(path: Path) -> Settings:
    """The options of the house-tables entry under `plugins:` in an mkdocs.yml (globs relative to docs_dir)."""
    import yaml

    shown = _shown(path)
    try:
        document = yaml.load(_read_config(path), Loader=_mkdocs_loader())
    except yaml.YAMLError as error:
        raise UsageError(f"{shown}: invalid YAML: {error}") from None
    document = document if isinstance(document, dict) else {}
    for name, options in _plugin_entries(document.get("plugins")):
        if name == PLUGIN_NAME:
            root = path.parent.resolve()
            bases = (root / str(document.get("docs_dir") or "docs"), root)
            settings = settings_from({} if options is None else options, f"{shown} (plugins: {PLUGIN_NAME})", bases,
                                     (*CONFIG_KEYS, *PLUGIN_KEYS))
            names, configs = _markdown_stack(document.get("markdown_extensions"), shown)
            return replace(settings, extensions=names, extension_configs=configs)
    raise UsageError(f"{shown}: no {PLUGIN_NAME} entry under plugins:")


def _markdown_stack(entries, shown: str) -> tuple[tuple[str, ...], dict]:
    """The site's Markdown extensions as MkDocs loads them (its built-ins first), checked to load here."""
    names, configs = list(MKDOCS_BUILTIN_EXTENSIONS), {}
    for entry in entries or []:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) and len(entry) == 1 else (entry, None)
        if not isinstance(name, str):
            raise UsageError(f"{shown}: markdown_extensions: cannot read the entry {entry!r}")
        names += [] if name in names else [name]
        if options:
            configs[name] = dict(options)
    try:
        import markdown

        markdown.Markdown(extensions=names, extension_configs=configs)
    except Exception as error:  # an extension that is not installed here, or options it refuses
        raise UsageError(f"{shown}: markdown_extensions: {type(error).__name__}: {error}") from None
    return tuple(names), configs


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
    """levels: a level per code, e.g. {HT003: info}."""
    value = options.get("levels", {})
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: levels must be a table of code = level")
    for code, level in value.items():
        if level not in LEVELS:
            raise ConfigError(f"{where}: levels.{code} must be one of {', '.join(LEVELS)}, not {level!r}")
    return dict(value)


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


def _mkdocs_loader():
    """yaml.SafeLoader that reads MkDocs' tags (`!ENV`, `!!python/name:...`) instead of refusing the file."""
    import yaml

    class Loader(yaml.SafeLoader):
        """Safe loading; unknown tags are read as plain values, `!ENV` as the environment variable."""

    Loader.add_multi_constructor("tag:yaml.org,2002:python/name:", _python_name)  # before "": first match wins
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


def _python_name(loader, suffix: str, node):
    """`!!python/name:module.attr` (e.g. a superfences format function), imported as MkDocs does."""
    import importlib

    import yaml

    module, _, attribute = suffix.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        raise yaml.YAMLError(f"cannot import {suffix!r}: {error}") from None


def _environment(loader, node):
    """MkDocs' `!ENV NAME` or `!ENV [NAME, OTHER, default]`."""
    import yaml

    names = [loader.construct_scalar(node)] if isinstance(node, yaml.ScalarNode) else loader.construct_sequence(node)
    default = names.pop() if len(names) > 1 else None
    for name in names:
        if str(name) in os.environ:
            return yaml.safe_load(os.environ[str(name)])
    return default
