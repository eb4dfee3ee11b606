"""Which configuration each file is read with, found as ruff and markdownlint-cli2 find theirs: from the file's
directory upwards, the nearest

- **options file**: `.house-tables.toml` (its top level), else `pyproject.toml` with a `[tool.house-tables]` table
  (the nearer directory wins; in one directory `.house-tables.toml` wins);
- **host configuration**: an `mkdocs.yml` (its Markdown stack, docs_dir, and the options of its house-tables
  plugin entry, which the build uses, so they win for the site's pages), a `docusaurus.config.*` or a Mintlify
  `docs.json`/`mint.json` (`.md` pages are MDX there).

`--config FILE` replaces the search. Every option is validated by the one schema (options.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from . import observed
from .config import Config, ConfigError, reported_level
from .files import GlobSet, cannot_read, page_selected
from .model import Dialect
from .options import EXTENSION, FILE, PLUGIN, OptionError, conversion_config, validate
from .site import ZENSICAL_FILE, MdxHost, Site, Sites, mdx_host, resolved_path, shown_path, toml_module

OPTION_FILES = (".house-tables.toml", "pyproject.toml")  # in one directory, the first wins
TOOL = "house-tables"


class UsageError(Exception):
    """A bad command line or configuration: printed as is, exit 2."""


@dataclass(frozen=True)
class Settings:
    """The options a file is read with, and where they come from."""

    config: Config = field(default_factory=Config)
    dialect: Dialect | None = None  # every file in this dialect (None: by suffix and host)
    dialects: tuple[tuple[GlobSet, Dialect], ...] = ()  # per path, first match wins over `dialect`
    include: GlobSet = field(default_factory=GlobSet)
    exclude: GlobSet = field(default_factory=GlobSet)
    level: str = "warning"
    levels: dict[str, str] = field(default_factory=dict)
    extensions: tuple[str, ...] | None = None  # an mkdocs.yml's Markdown stack (None: MkDocs' usual stack)
    extension_configs: dict | None = None
    source: str = "defaults"  # which files these settings come from, as the summary names them
    site: Site | None = None  # the mkdocs.yml whose pages these settings read
    host: MdxHost | None = None  # the Docusaurus or Mintlify project (its .md pages are MDX)
    options: dict = field(default_factory=dict)  # the validated option values, as `check -v` prints them

    @property
    def renders_house_jsx(self) -> bool:
        """Whether a `.md` page read with these settings may be written in the house JSX form: not on an MkDocs
        site whose build does not show house tables (Site.renders_house_tables)."""
        return self.site is None or self.site.renders_house_tables

    @property
    def mdx_directives(self) -> bool:
        """Whether MDX reads `:::name` lines as directive containers, as Docusaurus does its admonitions; Mintlify
        does not (its own documentation: leftover `:::` of a Docusaurus page renders as literal text), so there a
        `:::` under a table is a row of it. Without a host, as Docusaurus (the house style's)."""
        return self.host is None or self.host.reads_directives

    @property
    def markdown_format(self) -> str | None:
        """How the host reads `.md` pages (MdxHost.markdown_format); None off such a host."""
        return self.host.markdown_format if self.host is not None else None

    @property
    def cjk_friendly(self) -> bool:
        """Whether the host reads emphasis beside CJK text by the CJK-friendly amendments (MdxHost.cjk_friendly)."""
        return self.host is not None and self.host.cjk_friendly

    @property
    def host_kind(self) -> str | None:
        """Which MDX host renders the pages (MdxHost.kind); None off such a host."""
        return self.host.kind if self.host is not None else None

    def severity(self, code: str, severity: str) -> str:
        """The level a finding is reported at, as the plugin logs it (error-severity codes stay errors)."""
        return reported_level(code, severity, self.level, self.levels)

    def selects(self, path: Path, real: str | None = None) -> bool:
        """Whether include/exclude keep the file. A file under an mkdocs.yml's docs_dir that MkDocs builds as no page
        (`exclude_docs`, and MkDocs' default `.*` and `/templates/`: snippets, templates) is not kept: the build
        shows it only where a page includes it (fix reads one a page includes: see `unbuilt`). For an mkdocs.yml's
        plugin entry the globs are over the path under docs_dir, as the plugin matches them; a file outside
        docs_dir is no page of the site and is always read.
        real: the file's os.path.realpath when the caller has it (discovery does: resolving again costs a file
        system look-up per component of the path, per file). Likewise a file Mintlify never builds (its default
        ignores and the project's .mintignore) is never read."""
        if self.host is not None and not self.host.is_page(path, real):
            return False
        if self.site is not None and _in_docs(self.site, path, real):
            if not self.site.is_page(path, real):
                return False
        elif self.site is not None and self.site.plugin_options is not None:
            return True
        return page_selected(str(path), self.include, self.exclude)

    @property
    def includes_files(self) -> bool:
        """Whether the site's pages include other files: pymdownx.snippets or a `{!path!}` extension in its stack,
        or the include-markdown plugin (settings the cache recorded say so too)."""
        from .braces import lists_brace_includer

        return "pymdownx.snippets" in (self.extensions or ()) or lists_brace_includer(self.extensions) or (
            self.site is not None and self.site.include_markdown is not None)

    def unbuilt(self, path: Path, real: str | None = None) -> bool:
        """Whether the file lies under an mkdocs.yml's docs_dir but MkDocs builds it as no page (selects refuses it:
        a snippet or template)."""
        return (self.host is None and self.site is not None and _in_docs(self.site, path, real)
                and not self.site.is_page(path, real))

    def unbuilt_site_file(self, path: Path) -> bool:
        """Whether the file belongs to an mkdocs.yml's site that builds no page of it: excluded from docs_dir (unbuilt)
        or outside it (a snippet, a README beside mkdocs.yml)."""
        return self.unbuilt(path) or (self.host is None and self.site is not None and self.site.beside_docs(path))

    def dialect_for(self, path: Path | str) -> Dialect:
        """The file's dialect: the first `dialects` glob it matches, else `dialect`, else the host's (Docusaurus and
        Mintlify read .md as MDX), else by suffix (.mdx is MDX)."""
        for globs, dialect in self.dialects:
            if globs.matches(path):
                return dialect
        if self.dialect is not None:
            return self.dialect
        if self.host is not None or str(path).lower().endswith(".mdx"):
            return Dialect.MDX
        return Dialect.PYTHON_MARKDOWN


def _under(path: Path, directory: Path, real: str | None = None) -> bool:
    """Whether path (resolved: real, when given) is inside directory."""
    if real is not None and _plain_absolute(real) and _normal_directory(str(directory)):
        return _string_under(real, str(directory))
    try:
        resolved_path(path, real).relative_to(directory)
    except ValueError:
        return False
    return True


def _in_docs(site: Site, path: Path, real: str | None) -> bool:
    """_under(path, site.docs_dir, real), with docs_dir's strings made once (site.docs_prefix): per file."""
    prefix = site.docs_prefix
    if real is not None and prefix is not None and _plain_absolute(real):
        return real == prefix[0] or real.startswith(prefix[1])
    return _under(path, site.docs_dir, real)


def _plain_absolute(path: str) -> bool:
    """Whether a POSIX path is absolute with one leading slash. For two such paths that are normalised (no `.`,
    `..`, doubled or trailing slash, as realpath's and resolve's are) a path's parts begin with the other's
    exactly when its string does, at a slash (see _string_under)."""
    return os.sep == "/" and path.startswith("/") and not path.startswith("//")


@lru_cache(maxsize=64)
def _normal_directory(directory: str) -> bool:
    """Whether a directory's path is plain absolute and normalised (a resolved one is; realpath's always are)."""
    return _plain_absolute(directory) and os.path.normpath(directory) == directory


def _string_under(path: str, directory: str) -> bool:
    """Path(path).relative_to(directory) succeeds, for two plain absolute paths: without making Path objects (per
    file, they cost more than the rest of choosing a file's settings)."""
    return path == directory or path.startswith(directory if directory.endswith("/") else directory + "/")


def settings_from(options: object, where: str, base: Path | None, front: str) -> Settings:
    """Settings from a mapping of options, validated by the schema; errors name `where` and the option."""
    try:
        values = validate(options, front)
    except OptionError as error:
        raise ConfigError(f"{where}: {error.option}: {error.reason}") from None
    except ConfigError as error:
        raise ConfigError(f"{where}: {error}") from None
    dialects = tuple((GlobSet((pattern,), base), Dialect(name)) for pattern, name in values.get("dialects", {}).items())
    return Settings(
        config=conversion_config(values),
        dialect=Dialect(values["dialect"]) if values.get("dialect") else None,
        dialects=dialects,
        include=GlobSet(values.get("include", ()), base),
        exclude=GlobSet(values.get("exclude", ()), base),
        level=values["level"],
        levels=values["levels"],
        options={key: value for key, value in values.items() if key in options},
    )


def extension_settings(options: dict) -> Settings:
    """The Markdown extension's options (`markdown_extensions: [house_tables: {...}]`)."""
    return settings_from(options, "house_tables", None, EXTENSION)


# ------------------------------------------------------------------ files


def load_options_file(path: Path, required: bool) -> Settings | None:
    """The options of a `.house-tables.toml` (its top level) or a pyproject.toml's [tool.house-tables] table; None
    when a pyproject.toml has none and none is required."""
    shown = shown_path(path)
    text = _read(path)
    if path.name == "pyproject.toml" and TOOL not in text and not required:  # no need to parse it
        return None
    try:
        document = _toml().loads(text)
    except _toml().TOMLDecodeError as error:
        raise UsageError(f"{shown}: invalid TOML: {error}") from None
    if path.name == "pyproject.toml" or TOOL in _tool_table(document):
        tool = document.get("tool", {})
        if not isinstance(tool, dict):  # `tool = 3`
            raise UsageError(f"{shown}: tool must be a table, not {tool!r}")
        if TOOL not in tool:
            if required:
                raise UsageError(f"{shown}: no [tool.{TOOL}] table")
            return None
        options, where = tool[TOOL], f"{shown} [tool.{TOOL}]"
    else:
        options, where = document, shown
    return replace(settings_from(options, where, path.parent.resolve(), FILE), source=where)


def load_site_settings(path: Path, base: Settings, sites: Sites | None = None) -> Settings:
    """The settings of an mkdocs.yml: its Markdown stack always; its house-tables plugin entry's options when it
    has one (globs relative to docs_dir, the dialect settings of the options file kept), else the options file's."""
    shown = shown_path(path)
    site = (sites or Sites()).load(path, shown)
    if site.plugin_options is None and site.extension_options is not None:  # the build's checker is the extension
        entry = settings_from(site.extension_options, f"{shown} (markdown_extensions: house_tables)", None, EXTENSION)
        settings = replace(entry, dialect=base.dialect, dialects=base.dialects, include=base.include,
                           exclude=base.exclude)
        source = f"{shown} (Markdown stack with house_tables)"
    elif site.plugin_options is None:
        settings = base
        source = f"{shown} (Markdown stack)" + (f", {base.source}" if base.source != "defaults" else "")
    else:
        entry = settings_from(site.plugin_options, f"{shown} (plugins: {TOOL})", site.docs_dir, PLUGIN)
        settings = replace(entry, dialect=base.dialect, dialects=base.dialects)
        source = shown
    return replace(settings, extensions=site.extensions, extension_configs=site.extension_configs, source=source,
                   site=site)


def mdx_host_settings(host: MdxHost, base: Settings) -> Settings:
    """The settings of a Docusaurus or Mintlify project: `.md` is MDX (unless a dialect is configured), or CommonMark
    under Docusaurus' markdown.format 'md' or 'detect' (read with the MDX dialect's scanner, in its CommonMark
    reading), the options are the options file's."""
    if host.markdown_format in ("md", "detect"):
        source = f"{shown_path(host.config_file)} ({host.note})"
    else:
        source = f"{shown_path(host.config_file)} (.md as MDX{'; ' + host.note if host.note else ''})"
    if base.source != "defaults":
        source += f", {base.source}"
    return replace(base, host=host, source=source)


def explicit_settings(given: str) -> Settings:
    """The settings of `--config FILE`: a pyproject.toml, a .house-tables.toml or an mkdocs.yml."""
    path = Path(given)
    found = path.is_file()
    observed.note("isfile", given, found)
    if not found:
        raise UsageError(f"{given}: no such configuration file")
    if path.suffix.lower() in (".yml", ".yaml") or path.name == ZENSICAL_FILE:
        return load_site_settings(path, Settings())
    return load_options_file(path, required=True) or Settings()


class Configurations:
    """The settings of every file of one run, each configuration file read once (a run walks many files of few
    configurations; a new run reads them again)."""

    def __init__(self, explicit: Settings | None = None, explicit_file: str | None = None):
        self.explicit = explicit
        self.explicit_file = explicit_file  # --config's file, read when first needed (a cached run may not need it)
        self.sites = Sites()
        self._options: dict[Path, Path | None] = {}
        self._loaded: dict[Path, Settings | None] = {}
        self._combined: dict[tuple, Settings] = {}

    def settings_for(self, path: Path) -> Settings:
        """A file's settings: --config's, else its nearest options file's and host's (combined once per pair)."""
        return self.settings_in(Path(path).parent)

    def settings_in(self, directory: Path) -> Settings:
        """The settings of the files directly in a directory."""
        if self.explicit is None and self.explicit_file is not None:
            self.explicit = explicit_settings(self.explicit_file)
        if self.explicit is not None:
            return self.explicit
        key = options_file, host_file = self.located(directory)
        if key not in self._combined:
            base = self._options_settings(options_file)
            host = mdx_host(host_file) if host_file is not None else None
            self._combined[key] = (base if host_file is None
                                   else load_site_settings(host_file, base, self.sites) if host is None
                                   else mdx_host_settings(host, base))
        return self._combined[key]

    def located(self, directory: Path) -> tuple[Path | None, Path | None]:
        """The files a directory's settings are read from: its options file and host configuration (--config's file
        alone when there is one). Options files are read (whether a pyproject.toml has our table decides), host
        configurations are not."""
        if self.explicit_file is not None:
            return Path(self.explicit_file), None
        directory = directory.resolve()  # once for both searches (and the directories above it, see _options_in)
        return self._options_in(directory), self.sites.nearest_resolved(directory)

    def nearest_options(self, directory: Path) -> Path | None:
        """The nearest .house-tables.toml or pyproject.toml with a [tool.house-tables] table, at or above
        directory."""
        return self._options_in(directory.resolve())

    def _options_in(self, directory: Path) -> Path | None:
        """nearest_options, for a directory already resolved (so is each directory above it: no component of a
        resolved path is a link)."""
        if directory not in self._options:
            here = next((directory / name for name in OPTION_FILES if self._has_options(directory / name)), None)
            if here is None and directory.parent != directory:
                here = self._options_in(directory.parent)
            self._options[directory] = here
        return self._options[directory]

    def _has_options(self, candidate: Path) -> bool:
        """Whether a file is an options file (a pyproject.toml without our table is not)."""
        if not observed.isfile(candidate):  # False also where the directory may not be searched
            return False
        if candidate not in self._loaded:
            self._loaded[candidate] = load_options_file(candidate, required=candidate.name != "pyproject.toml")
        return self._loaded[candidate] is not None

    def _options_settings(self, options_file: Path | None) -> Settings:
        return Settings() if options_file is None else self._loaded[options_file]


def _tool_table(document: dict) -> dict:
    """A TOML document's [tool] table ({} when it has none or it is no table)."""
    tool = document.get("tool", {})
    return tool if isinstance(tool, dict) else {}


def _toml():
    """tomllib (Python 3.11+), else tomli."""
    module = toml_module()
    if module is None:
        raise UsageError("reading a TOML configuration needs Python 3.11+ or the tomli package "
                         "(pip install tomli), or pass the options on the command line")
    return module


def _read(path: Path) -> str:
    """A configuration file's text."""
    observed.before_read(path)
    try:
        return path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(cannot_read(shown_path(path), error)) from None
