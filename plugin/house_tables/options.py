"""The one schema of every option, whichever front end reads it: the MkDocs plugin entry (`plugins:`), the Markdown
extension (`markdown_extensions:`), and the configuration files of the command line (`[tool.house-tables]` in
pyproject.toml, `.house-tables.toml`). Each option says its type, default, allowed values and meaning once; each
front end validates through `validate`, so a bad value gives the same reason everywhere, and the README's option
table is made from it (`options_table`, tested against the README).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .codes import CODES
from .config import LEVELS, PRESETS, WIDTH_POLICIES, Config, ConfigError, Style, custom_style_value
from .model import Dialect

PLUGIN, EXTENSION, FILE = "plugin", "extension", "file"  # the front ends
DIALECTS = tuple(d.value for d in Dialect)


class OptionError(ConfigError):
    """A bad value of one option: `reason` is the same text whichever front end read it."""

    def __init__(self, option: str, reason: str):
        super().__init__(f"{option}: {reason}")
        self.option, self.reason = option, reason


class Option(NamedTuple):
    """One option: its name, default, what a value must be, its meaning, and the front ends that take it."""

    name: str
    default: object
    kind: str  # what a value must be, as errors and the README say it
    doc: str
    fronts: tuple[str, ...]
    parse: Callable[[object], object]  # the validated value; raises ValueError(reason) for a bad one

    def value(self, raw: object) -> object:
        """The validated value, or an OptionError naming this option."""
        try:
            return self.parse(raw)
        except ValueError as error:
            raise OptionError(self.name, str(error)) from None


def _expected(kind: str, value: object) -> ValueError:
    """`must be <kind>, not <value>`: the reason every option gives for a value of the wrong kind."""
    return ValueError(f"must be {kind}, not {value!r}")


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise _expected("true or false", value)
    return value


def _one_of(choices: tuple[str, ...]) -> Callable[[object], str]:
    def parse(value: object) -> str:
        if value not in choices:
            raise _expected("one of " + ", ".join(choices), value)
        return value
    return parse


def _custom_style(value: object) -> dict:
    """Style keys (not `styled`), each value of its kind (it is written into every converted table's style)."""
    if not isinstance(value, dict):
        raise _expected("a mapping of style options", value)
    known = sorted(name for name in Style._fields if name != "styled")
    for key, item in value.items():
        if key not in known:
            raise ValueError(f"has no option {key!r} (known: {', '.join(known)})")
        custom_style_value(key, item)
    return dict(value)


def _levels(value: object) -> dict[str, str]:
    """A level per diagnostic code, spelled as findings show them."""
    if not isinstance(value, dict):
        raise _expected("a mapping of code to level (e.g. {HT003: info})", value)
    for code, level in value.items():
        if code not in CODES:
            upper = str(code).upper()
            hint = f"did you mean {upper!r}?" if upper in CODES else f"known: {', '.join(CODES)}"
            raise ValueError(f"has no code {code!r} ({hint})")
        if level not in LEVELS:
            raise ValueError(f"{code} must be one of {', '.join(LEVELS)}, not {level!r}")
    return dict(value)


def _globs(value: object) -> tuple[str, ...]:
    """A list of gitignore-style patterns (see files.GlobSet)."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(item, str) for item in value):
        raise _expected("a list of glob strings", value)
    if value:  # no pattern, none to refuse (and the file discovery module not imported for the MkDocs plugin)
        from .files import GlobSet  # files imports nothing of the options: no cycle at import time

        GlobSet(tuple(value))  # a pattern pathspec refuses is refused here
    return tuple(value)


def _dialect(value: object) -> str | None:
    if value is None:
        return None
    return _one_of(DIALECTS)(value)


def _dialects(value: object) -> dict[str, str]:
    """Per-path dialects: {glob: dialect}, the first matching glob wins."""
    if not isinstance(value, dict):
        raise _expected('a mapping of glob to dialect (e.g. {"docs/**/*.md" = "mdx"})', value)
    for pattern, dialect in value.items():
        _globs([pattern])
        if dialect not in DIALECTS:
            raise ValueError(f"{pattern!r} must be one of {', '.join(DIALECTS)}, not {dialect!r}")
    return dict(value)


ALL = (PLUGIN, EXTENSION, FILE)
OPTIONS: tuple[Option, ...] = (
    Option("enabled", True, "true or false", "false turns the plugin off (the command line runs when asked)",
           (PLUGIN, FILE), _boolean),
    Option("style", "house", " or ".join(PRESETS), "the look of converted tables: the house style, or bare tables",
           ALL, _one_of(PRESETS)),
    Option("widths", "content", " or ".join(WIDTH_POLICIES),
           "column widths from the cells' content, or equal", ALL, _one_of(WIDTH_POLICIES)),
    Option("custom_style", {}, "a mapping of style options",
           "overrides of the house style: accent, backgrounds, paddings, weights, header_nowrap", ALL, _custom_style),
    Option("level", "warning", ", ".join(LEVELS[:-1]) + " or " + LEVELS[-1],
           "how findings are reported (error-severity codes stay errors); info reports without failing", ALL,
           _one_of(LEVELS)),
    Option("levels", {}, "a mapping of code to level", "a level per code, e.g. {HT003: info}", ALL, _levels),
    Option("include", (), "a list of globs", "only files matching one of these (empty: every file)",
           (PLUGIN, FILE), _globs),
    Option("exclude", (), "a list of globs", "files (and directories) to leave out", (PLUGIN, FILE), _globs),
    Option("dialect", None, " or ".join(DIALECTS),
           "read every file in this dialect (default: by suffix and host: .mdx, and .md of Docusaurus and "
           "Mintlify, are mdx; Astro's, Nextra's, Fumadocs', Vocs' and Rspress' .md, CommonMark, too)", (FILE,),
           _dialect),
    Option("dialects", {}, "a mapping of glob to dialect",
           'a dialect per path, e.g. {"docs/**/*.md" = "mdx"} (first match wins, over dialect)', (FILE,), _dialects),
)
BY_NAME = {option.name: option for option in OPTIONS}


def names(front: str) -> tuple[str, ...]:
    """The options a front end takes."""
    return tuple(option.name for option in OPTIONS if front in option.fronts)


def validate(options: object, front: str) -> dict[str, object]:
    """Every option of a front end, validated (defaults for the missing ones); an OptionError for the first bad one,
    a ConfigError for an unknown name or for something that is not a mapping."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ConfigError(f"expected a mapping of options, not {type(options).__name__}")
    known = names(front)
    unknown = sorted((key for key in options if key not in known), key=str)
    if unknown:
        raise ConfigError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
    return {name: BY_NAME[name].value(options[name]) if name in options else _default(BY_NAME[name])
            for name in known}


def _default(option: Option) -> object:
    """A fresh copy of the default (a mapping default must not be shared)."""
    return dict(option.default) if isinstance(option.default, dict) else option.default


def conversion_config(values: dict[str, object]) -> Config:
    """The conversion options of validated values."""
    return Config.of(values["style"], values["widths"], values["custom_style"])


CONVERSION = ("style", "widths", "custom_style")


def conversion_options(options: object, where: str) -> Config:
    """A Config of the conversion options alone (the Python API's Config.from_mapping)."""
    if not isinstance(options, dict):
        raise ConfigError(f"{where}: expected a mapping of options, not {type(options).__name__}")
    unknown = sorted((key for key in options if key not in CONVERSION), key=str)
    if unknown:
        raise ConfigError(f"{where}: unknown option {unknown[0]!r} (known: {', '.join(sorted(CONVERSION))})")
    try:
        values = {name: BY_NAME[name].value(options[name]) if name in options else _default(BY_NAME[name])
                  for name in CONVERSION}
    except OptionError as error:
        raise ConfigError(f"{where}: {error}") from None
    return conversion_config(values)


def options_table() -> str:
    """The README's table of options, made from the schema."""
    rows = ["| option | default | value | where | meaning |", "|---|---|---|---|---|"]
    for option in OPTIONS:
        where = ", ".join({PLUGIN: "plugin", EXTENSION: "extension", FILE: "config file"}[f] for f in option.fronts)
        rows.append(f"| `{option.name}` | `{_shown_default(option.default)}` | {option.kind} | {where} | "
                    f"{option.doc} |")
    return "\n".join(rows)


def _shown_default(default: object) -> str:
    if default is None:
        return "none"
    if isinstance(default, bool):
        return str(default).lower()
    if isinstance(default, tuple):
        return "[]"
    return str(default)
