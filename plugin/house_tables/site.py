"""An MkDocs site as the command line needs it: the Markdown stack its pages are rendered with, where its pages
live, and the house-tables plugin entry (if any), read with MkDocs' own YAML loader (`INHERIT`, `!ENV`,
`!!python/name:`) and MkDocs' own `markdown_extensions` option type (its built-ins first, each extension loaded).

The site's plugins are not loaded: a page's Markdown rarely depends on them, and a plugin that is not installed
here must not stop `house-tables check`. Its hooks (`hooks:`, the site's own Python files) are: their `on_config`
may add Markdown extensions (a preprocessor, a fence option), which the build then renders pages with.
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from . import mkdocs_parts, observed
from .config import CROSS_REFERENCE_MARKER, WIKI_LINK_MARKER, ConfigError, TemplateMarker
from .diagnostics import shown_file
from .files import LazySpec, cannot_read
from .macros import EXTRA_DATA_PLUGIN, MACROS_PLUGIN, JinjaSyntax

# Zensical reads zensical.toml before mkdocs.yml (its `[project]` table holds MkDocs' keys); ProperDocs (an MkDocs
# fork, the same configuration) reads its own name first, then MkDocs'.
ZENSICAL_FILE = "zensical.toml"
SITE_FILES = (ZENSICAL_FILE, "properdocs.yml", "properdocs.yaml", "mkdocs.yml", "mkdocs.yaml")
# Hosts that read `.md` pages as MDX: Docusaurus 3 (unless `markdown.format` says otherwise) and Mintlify.
DOCUSAURUS_FILES = tuple(f"docusaurus.config.{suffix}" for suffix in ("ts", "js", "mjs", "cjs", "mts"))
MINTLIFY_FILES = ("docs.json", "mint.json")
# Hosts that compile a page by its suffix: `.mdx` with MDX, `.md` as CommonMark and GFM — Astro with its own Markdown
# (Starlight adds its `:::note` asides), Nextra, fumadocs-mdx, Vocs (@mdx-js/rollup's default format 'detect') and
# Rspress 2 with MDX's md format (Nextra's default markdown format is 'detect'). Their MdxHost.kind is the key here;
# the name findings give them.
ASTRO_FILES = tuple(f"astro.config.{suffix}" for suffix in ("mjs", "ts", "js", "mts", "cjs"))
NEXTRA_FILES = tuple(f"next.config.{suffix}" for suffix in ("js", "mjs", "ts", "cjs", "mts"))
FUMADOCS_FILES = tuple(f"source.config.{suffix}" for suffix in ("ts", "mts", "js", "mjs"))
VOCS_FILES = tuple(f"vocs.config.{suffix}" for suffix in ("ts", "js", "mjs", "mts", "tsx", "jsx"))
RSPRESS_FILES = tuple(f"rspress.config.{suffix}" for suffix in ("ts", "js", "mjs", "cjs", "mts", "cts"))
SUFFIX_HOSTS = {"astro": "Astro", "nextra": "Nextra", "fumadocs": "Fumadocs", "vocs": "Vocs", "rspress": "Rspress"}
# Those whose md format runs without rehype-raw: raw HTML in a `.md` page is dropped (Astro keeps it, Nextra and
# Rspress add rehype-raw), so an HTML-form table would vanish there.
RAW_HTML_DROPPED = ("fumadocs", "vocs")
# What a configuration file must name to be a host's: a docs.json, a next.config.* or a source.config.* is also the
# name of other tools' files (a Next.js app without Nextra is no host: a page there is no page of a documentation site).
_HOST_MARKERS = {"docs.json": "mintlify", **dict.fromkeys(NEXTRA_FILES, "nextra"),
                 **dict.fromkeys(FUMADOCS_FILES, "fumadocs-mdx")}
MINTLIFY_IGNORE = ".mintignore"  # beside docs.json: gitignore patterns of files Mintlify never builds
# What Mintlify leaves out without a .mintignore (its documentation, "Default ignored patterns"), as gitignore lines.
MINTLIFY_DEFAULT_IGNORED = (".git", ".github", ".claude", ".agents", ".idea", ".vscode", "node_modules", "build",
                            "dist", "coverage", ".cache", "tmp", "temp", "README.md", "LICENSE.md", "CHANGELOG.md",
                            "CONTRIBUTING.md")
_CONTENT_PATH = re.compile(r"""(?<![\w$.])['"]?path['"]?\s*:\s*['"](\.\.?/[^'"\n]*)['"]""")  # path: '../docs'
_MARKDOWN_KEY = re.compile(r"""(?<![\w$.])['"]?markdown['"]?\s*:\s*\{""")
_MDX_OPTIONS_KEY = re.compile(r"""(?<![\w$.])['"]?mdxOptions['"]?\s*:\s*\{""")
_FORMAT_KEY = re.compile(r"""(?<![\w$.])['"]?format['"]?\s*:\s*""")
_CJK_FRIENDLY_KEY = re.compile(r"""(?<![\w$.])['"]?cjkFriendlyEmphasis['"]?\s*:\s*""")
_STRING = re.compile(r"""(['"`])((?:\\.|(?!\1).)*)\1""")
PLUGIN_NAME = "house-tables"


@dataclass(frozen=True)
class Site:
    """What an mkdocs.yml says about reading its pages."""

    config_file: Path
    extensions: tuple  # in MkDocs' order: toc, tables, fenced_code, then the site's
    extension_configs: dict
    docs_dir: Path
    use_directory_urls: bool
    plugin_options: object  # the house-tables entry's options; None when the site has no such entry
    excluded: object = None  # MkDocs' own matcher of the files under docs_dir that are no pages (exclude_docs)
    template_markers: tuple[TemplateMarker, ...] = ()  # what opens a template expression in a page, with the plugins
    # that read it there (see _template_markers)
    extension_options: object = None  # the options of house_tables under markdown_extensions; None without it
    rewrites_markdown: bool = False  # a hook or plugin rewrites pages' Markdown (on_page_markdown): read through it
    include_markdown: object = None  # the options of the include-markdown plugin entry; None without one
    macros: object = None  # a MacrosScope: which pages mkdocs-macros-plugin renders as their own (read so by check
    # and fix); None: without the plugin (macros_scope says whether it may be trusted to leave the other pages)
    included_docs: tuple[Path, ...] = ()  # the docs_dir of each sub-project its monorepo plugin includes
    table_watchers: tuple[str, ...] = ()  # block processors that read each pipe table's lines and hand it on
    # (parsing.pymd.table_watchers_before): fix leaves the site's tables as written

    def __hash__(self) -> int:
        return hash(self.config_file)

    @property
    def renders_house_tables(self) -> bool:
        """Whether the site's build shows a house JSX table as a table: its house-tables plugin entry is enabled
        (the plugin installs the extension), or its stack lists the `house_tables` extension. Without either,
        MkDocs passes the JSX on as raw HTML: broken styles, cells whose Markdown is no longer read."""
        if self.extension_options is not None:
            return True
        options = self.plugin_options
        return options is not None and not (isinstance(options, dict) and options.get("enabled") is False)

    @cached_property
    def docs_prefix(self) -> tuple[str, str] | None:
        """docs_dir as a string and as the beginning of the paths under it (ending in a slash), when it is plain
        absolute and normalised (a resolved one is); None otherwise. Made once: a run asks it for every file."""
        name = str(self.docs_dir)
        if os.sep != "/" or not name.startswith("/") or name.startswith("//") or os.path.normpath(name) != name:
            return None
        return name, name if name.endswith("/") else name + "/"

    def beside_docs(self, path: Path) -> bool:
        """Whether the file lies in the site's directory (that of mkdocs.yml) but outside docs_dir and the docs_dir
        of each monorepo sub-project the site builds, where MkDocs makes no page of it (a README.md beside
        mkdocs.yml); a file elsewhere, read with the site's configuration by `--config`, is the user's choice."""
        resolved = resolved_path(path)
        return resolved.is_relative_to(self.config_file.parent.resolve()) and not any(
            resolved.is_relative_to(directory) for directory in (self.docs_dir, *self.included_docs))

    def is_page(self, path: Path, real: str | None = None) -> bool:
        """Whether MkDocs builds the file under docs_dir as a page: not excluded by `exclude_docs` or by MkDocs'
        own default (`.*`, `/templates/`). A file outside docs_dir is no page of the site. real: as resolved_path."""
        try:
            uri = resolved_path(path, real).relative_to(self.docs_dir).as_posix()
        except ValueError:
            return False
        return self.excluded is None or not self.excluded.match_file(uri)


def shown_path(path: Path) -> str:
    """A path relative to the current directory when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def resolved_path(path: Path | str, real: str | None = None) -> Path:
    """Path(path).resolve(), or the same from real, the file's os.path.realpath (a discovered file's, which is no
    symbolic link loop: resolve's only difference, an error for a loop, cannot arise)."""
    return Path(path).resolve() if real is None else Path(real)


class Sites:
    """The sites of one run: each directory's nearest mkdocs.yml and each mkdocs.yml read once (a run walks many
    files of few sites; a new run reads the files again)."""

    def __init__(self):
        self._nearest: dict[Path, Path | None] = {}
        self._loaded: dict[Path, Site | ConfigError] = {}
        self._claims: dict[Path, dict[Path, Path]] = {}  # parent -> {directory a sibling's config reads: config}

    def nearest(self, directory: Path) -> Path | None:
        """The host configuration in directory or the nearest directory above it: an mkdocs.yml (or .yaml), a
        docusaurus.config.*, a Mintlify docs.json / mint.json, an astro.config.*, a Nextra next.config.*, a
        fumadocs-mdx source.config.*, a vocs.config.* or an rspress.config.*."""
        return self.nearest_resolved(directory.resolve())

    def nearest_resolved(self, directory: Path) -> Path | None:
        """nearest, for a directory already resolved (so is each directory above it: no component of a resolved
        path is a link)."""
        if directory not in self._nearest:
            here = next((directory / name for name in (*SITE_FILES, *DOCUSAURUS_FILES, *MINTLIFY_FILES, *ASTRO_FILES,
                                                        *NEXTRA_FILES, *FUMADOCS_FILES, *VOCS_FILES, *RSPRESS_FILES)
                         if observed.isfile(directory / name) and _is_host_file(directory / name)), None)
            if here is None:
                here = self._claimed_by_neighbour(directory)
            elif here.name in SITE_FILES:
                here = self._monorepo_root(here)
            if here is None and directory.parent != directory:
                here = self.nearest_resolved(directory.parent)
            self._nearest[directory] = here
        return self._nearest[directory]

    def _monorepo_root(self, config_file: Path) -> Path:
        """The mkdocs.yml that builds a sub-project's pages: an mkdocs.yml above it whose monorepo plugin includes
        it in its nav (`!include ./v1/mkdocs.yml`, `*include ./components/*/mkdocs.yml`) builds them with its own
        Markdown stack and plugins, the sub-project's file giving only its name, nav and docs_dir."""
        directory = config_file.parent.parent
        while True:
            above = next((directory / name for name in SITE_FILES if observed.isfile(directory / name)), None)
            if above is not None and _monorepo_includes(above, config_file):
                return self._monorepo_root(above)
            if directory.parent == directory:
                return config_file
            directory = directory.parent

    def _claimed_by_neighbour(self, directory: Path) -> Path | None:
        """A Docusaurus config in a sibling directory whose content plugins read this directory (`path: '../docs'`,
        as sites keep `website/` beside `docs/`)."""
        parent = directory.parent
        if parent not in self._claims:
            self._claims[parent] = _docusaurus_claims(parent)
        return self._claims[parent].get(directory)

    def load(self, config_file: Path, shown: str) -> Site:
        """The site of an mkdocs.yml, read once per run (a refused one is refused once, its hooks run once)."""
        config_file = config_file.resolve()
        if config_file not in self._loaded:
            try:
                self._loaded[config_file] = load_site(config_file, shown)
            except ConfigError as error:
                self._loaded[config_file] = error
        loaded = self._loaded[config_file]
        if isinstance(loaded, ConfigError):
            raise loaded
        return loaded


def _docusaurus_claims(parent: Path) -> dict[Path, Path]:
    """The directories that the Docusaurus configs in parent's subdirectories read pages from (their `path:`
    values, resolved from each config's directory), each with its config. JavaScript is not run: string literals
    only, as for `markdown.format`."""
    claims: dict[Path, Path] = {}
    for child, name in observed.docusaurus_configs(parent, DOCUSAURUS_FILES):
        config = Path(child) / name
        try:
            text = config.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for value in _CONTENT_PATH.findall(text):
            claimed = (Path(child) / value).resolve()
            observed.note("realpath", str(Path(child) / value), str(claimed))  # a link on the way may change
            claims.setdefault(claimed, config)
    return claims


# mkdocs-monorepo-plugin's nav values: `!include PATH` (one mkdocs.yml) or `*include GLOB` (several), maybe quoted.
_MONOREPO_INCLUDE = re.compile(r"""^[ \t]*-?[ \t]*(?:[^\n:]*:[ \t]*)?["']?([!*])include[ \t]+"""
                               r"""([^"'\n]+?)[ \t]*["']?[ \t]*$""", re.M)
_MONOREPO_PLUGIN = re.compile(r"^[ \t]*(?:-[ \t]*)?monorepo[ \t]*(?::.*)?$", re.M)


def _monorepo_includes(config_file: Path, included: Path) -> bool:
    """Whether an mkdocs.yml lists the monorepo plugin and its nav includes the other mkdocs.yml."""
    observed.before_read(config_file)
    try:
        text = config_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if "include" not in text or not _MONOREPO_PLUGIN.search(text):
        return False
    base = config_file.parent.resolve()
    for kind, target in _MONOREPO_INCLUDE.findall(text):
        if kind == "!" and (base / target).resolve() == included.resolve():
            return True
        pattern = base / target  # glob's `*` stays within one directory: as many parts as the path
        if kind == "*" and len(pattern.parts) == len(included.resolve().parts) and fnmatch.fnmatchcase(
                included.resolve().as_posix(), pattern.as_posix()):
            return True
    return False


def _is_host_file(path: Path) -> bool:
    """Whether a candidate file is a host's configuration (a docs.json is Mintlify's only if it says so, a
    next.config.* Nextra's, a source.config.* fumadocs-mdx's)."""
    marker = _HOST_MARKERS.get(path.name)
    if marker is None:
        return True
    observed.before_read(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return marker in (text[:4096].lower() if path.name == "docs.json" else text)


@dataclass(frozen=True)
class MdxHost:
    """A Docusaurus, Mintlify, Astro, Nextra, Fumadocs, Vocs or Rspress project, whose `.md` pages are MDX (or
    CommonMark: see
    SUFFIX_HOSTS); note: what the reading approximates."""

    config_file: Path
    kind: str  # which host: "docusaurus", "mintlify", or a SUFFIX_HOSTS key ("astro", "nextra", "vocs", ...)
    note: str = ""
    excluded: object = None  # Mintlify's matcher of the files it never builds (its defaults and .mintignore)
    # How `.md` pages are read: "mdx", "md" (CommonMark), "detect" (`.md` CommonMark, `.mdx` MDX) — Docusaurus'
    # markdown.format, Nextra's mdxOptions.format, "detect" for Astro, Fumadocs, Vocs and Rspress; None: MDX (Mintlify)
    markdown_format: str | None = None
    directives: bool = False  # besides Docusaurus' admonitions: a host that reads `:::note` containers (Starlight,
    # Vocs)
    cjk_friendly: bool = False  # emphasis beside CJK text read by the CJK-friendly amendments (remark-cjk-friendly):
    # Rspress, unless its markdown.cjkFriendlyEmphasis is false

    @property
    def reads_directives(self) -> bool:
        """Whether the host reads `:::name` containers: Docusaurus' admonitions, Starlight's asides, Vocs' callouts;
        Mintlify, Astro alone, Nextra, Fumadocs and Rspress (which regroups the paragraphs `:::tip` lines make) do
        not."""
        return self.kind == "docusaurus" or self.directives

    def is_page(self, path: Path, real: str | None = None) -> bool:
        """Whether the host builds the file: for Mintlify, not ignored by its defaults or the project's
        .mintignore (patterns relative to the directory of docs.json). A file outside that directory is kept."""
        if self.excluded is None:
            return True
        try:
            uri = resolved_path(path, real).relative_to(self.config_file.parent).as_posix()
        except ValueError:
            return True
        return not self.excluded.match_file(uri)


def mdx_host(config_file: Path) -> MdxHost | None:
    """The MDX host a configuration file names, or None for an mkdocs.yml. Docusaurus' config is JavaScript and
    is not run: a `markdown: {format: ...}` is looked for in its text, and when it makes pages CommonMark (all of
    them with 'md', `.md` with 'detect') the note says so: house-tables reads them as CommonMark too (scan_mdx's
    commonmark, chosen per page by cli._commonmark_format, the page's front matter having the last word)."""
    if config_file.name in MINTLIFY_FILES:
        return MdxHost(config_file, "mintlify", excluded=mintlify_ignored(config_file))
    if config_file.name in ASTRO_FILES:
        return astro_host(config_file)
    if config_file.name in NEXTRA_FILES:
        return nextra_host(config_file)
    if config_file.name in FUMADOCS_FILES:
        return MdxHost(config_file, "fumadocs", ".md read as CommonMark (Fumadocs)", markdown_format="detect")
    if config_file.name in VOCS_FILES:  # remark-directive: `:::note` containers are callouts
        return MdxHost(config_file, "vocs", ".md read as CommonMark (Vocs); :::note callouts",
                       markdown_format="detect", directives=True)
    if config_file.name in RSPRESS_FILES:  # its `:::tip` containers are paragraphs it regroups: no syntax
        return rspress_host(config_file)
    if config_file.name not in DOCUSAURUS_FILES:
        return None
    try:
        text = config_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return MdxHost(config_file, "docusaurus", "unreadable: .md read as MDX, Docusaurus' default",
                       markdown_format="mdx")
    found = markdown_format(text)
    if found is None or found == "mdx":
        return MdxHost(config_file, "docusaurus", markdown_format="mdx")
    if found in ("md", "detect"):
        pages = "pages" if found == "md" else ".md"
        return MdxHost(config_file, "docusaurus", f"markdown.format '{found}': {pages} read as CommonMark",
                       markdown_format=found)
    return MdxHost(config_file, "docusaurus", f"markdown.format {found} not understood: .md read as MDX, Docusaurus' "
                   "default", markdown_format="mdx")


def astro_host(config_file: Path) -> MdxHost:
    """An Astro project: `.md` read as CommonMark (Astro's own Markdown), `.mdx` as MDX; with Starlight (its
    integration named in the config's text: JavaScript is not run) `:::note` containers are asides."""
    observed.before_read(config_file)
    try:
        starlight = "@astrojs/starlight" in config_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        starlight = False
    note = ".md read as CommonMark (Astro)" + ("; :::note asides (Starlight)" if starlight else "")
    return MdxHost(config_file, "astro", note, markdown_format="detect", directives=starlight)


def nextra_host(config_file: Path) -> MdxHost:
    """A Nextra project: its `mdxOptions.format` ('detect' when not given: `.md` read as CommonMark) read without
    running JavaScript; 'mdx' makes `.md` MDX."""
    observed.before_read(config_file)
    try:
        found = markdown_format(config_file.read_text(encoding="utf-8", errors="replace"), _MDX_OPTIONS_KEY)
    except OSError:
        found = None
    if found == "mdx":
        return MdxHost(config_file, "nextra", "mdxOptions.format 'mdx': .md as MDX (Nextra)", markdown_format="mdx")
    return MdxHost(config_file, "nextra", ".md read as CommonMark (Nextra)", markdown_format="detect")


def rspress_host(config_file: Path) -> MdxHost:
    """An Rspress project: `.md` read as CommonMark, and emphasis beside CJK text read by the CJK-friendly
    amendments (remark-cjk-friendly and its strikethrough), which Rspress 2 adds unless `markdown: {
    cjkFriendlyEmphasis: false }` (@rspress/core's mdx/options.ts; the config is read without running JavaScript:
    any value but the literal `false`, or none, is taken as Rspress' default, on)."""
    observed.before_read(config_file)
    try:
        off = _top_level_value(config_file.read_text(encoding="utf-8", errors="replace"), _CJK_FRIENDLY_KEY) == "false"
    except OSError:
        off = False
    note = ".md read as CommonMark (Rspress)" + ("; markdown.cjkFriendlyEmphasis false" if off else "")
    return MdxHost(config_file, "rspress", note, markdown_format="detect", cjk_friendly=not off)


def _top_level_value(text: str, key: re.Pattern) -> str | None:
    """The value of key in the config's `markdown: {...}` object itself (not in an object inside it), as written
    up to the next `,` or line end; None without one."""
    opening = _MARKDOWN_KEY.search(text)
    if opening is None:
        return None
    body = _object_body(text, opening.end())
    for found in key.finditer(body):
        before = _STRING.sub("", body[: found.start()])
        if before.count("{") == before.count("}"):
            return body[found.end():].split(",")[0].split("\n")[0].strip()
    return None


def mintlify_ignore_lines(config_file: Path) -> tuple[str, ...]:
    """The gitignore lines of what Mintlify leaves out of a project: its defaults, then the project's .mintignore
    (read as text; a line of it can re-include a default with `!`). An unreadable .mintignore is a ConfigError,
    worded as an unreadable options file is (settings._read)."""
    ignore = config_file.parent / MINTLIFY_IGNORE
    if not observed.isfile(ignore):
        return MINTLIFY_DEFAULT_IGNORED
    observed.before_read(ignore)
    try:
        text = ignore.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(cannot_read(shown_path(ignore), error)) from None
    return MINTLIFY_DEFAULT_IGNORED + tuple(text.splitlines())


def mintlify_ignored(config_file: Path):
    """Mintlify's matcher of the files it never builds (pathspec's GitIgnoreSpec, gitignore's own rules)."""
    import pathspec

    lines = mintlify_ignore_lines(config_file)
    try:
        return pathspec.GitIgnoreSpec.from_lines(lines)
    except Exception as error:  # re.error, pathspec's GitWildMatchPatternError
        raise ConfigError(f"{shown_path(config_file.parent / MINTLIFY_IGNORE)}: a pattern is not a glob "
                          f"({_one_line(str(error))})") from None


def markdown_format(text: str, key: re.Pattern | None = None) -> str | None:
    """The `format` of the config's `markdown: {...}` object (or key's: Nextra's `mdxOptions: {...}`), read without
    running JavaScript: "md", "mdx" or "detect" for a string literal, the expression as written (quoted) for anything
    else, None without one."""
    opening = (key or _MARKDOWN_KEY).search(text)
    if opening is None:
        return None
    body = _object_body(text, opening.end())
    key = _FORMAT_KEY.search(body)
    if key is None:
        return None
    literal = _STRING.match(body, key.end())
    value = literal.group(2) if literal else None
    if value in ("md", "mdx", "detect") and _value_ends(body, literal.end()):
        return value
    expression = body[key.end():].split(",")[0].split("\n")[0].strip()
    return repr(expression[:40])


def _object_body(text: str, start: int) -> str:
    """The text of an object literal from just after its `{` to its matching `}` (or to the end of the text when
    it is not closed), with `//` and `/* */` comments left out; strings are kept whole."""
    kept, depth, index = [], 1, start
    while index < len(text) and depth:
        char = text[index]
        if char in "'\"`":
            string = _STRING.match(text, index)
            end = string.end() if string else index + 1
        elif text.startswith("//", index) or text.startswith("/*", index):
            closer = "\n" if text[index + 1] == "/" else "*/"
            found = text.find(closer, index + 2)
            index = len(text) if found < 0 else found + len(closer) - (closer == "\n")
            continue
        else:
            depth += {"{": 1, "}": -1}.get(char, 0)
            end = index + 1
        if depth:
            kept.append(text[index:end])
        index = end
    return "".join(kept)


def _value_ends(body: str, end: int) -> bool:
    """Whether a literal is the whole value (followed by `,`, a line end, or the end of the object)."""
    rest = body[end:].lstrip(" \t")
    return rest == "" or rest[0] in ",\n\r"


def load_site(config_file: Path, shown: str | None = None, *, mkdocs_modules: bool | None = None) -> Site:
    """The site of an mkdocs.yml; a file MkDocs would refuse is a ConfigError of one line naming it. mkdocs_modules:
    read with MkDocs' own modules (True) or with mkdocs_parts' copies of them (False); None: the copies where they
    apply (MkDocs' files are those they were copied from), without importing MkDocs' configuration machinery."""
    parts = mkdocs_parts.applies() if mkdocs_modules is None else not mkdocs_modules
    shown = shown or str(config_file)
    if config_file.name == ZENSICAL_FILE:
        raw, names, configs = _zensical_config(config_file, shown)
    else:
        raw = _raw_config(config_file, shown, parts)
        names, configs = _markdown_extensions(raw.get("markdown_extensions") or [], shown, parts)
    root = config_file.parent
    rewriting = bool(_rewriting_plugins(raw))  # pages' Markdown rewritten (on_page_markdown): read as rewritten
    if raw.get("hooks"):
        names, configs, hooked = _with_hooks(config_file, raw, names, configs, shown)
        rewriting = rewriting or hooked
    names, extension_options = _without_own_extension(names, configs)
    watchers = _other_table_readers(names, configs, shown)
    entries = _with_macros_extension(raw.get("plugins"), names, configs)  # Zensical's macros read as the plugin
    docs_dir = (root / str(raw.get("docs_dir") or "docs")).resolve()
    return Site(
        config_file=config_file,
        extensions=tuple(names),
        extension_configs=configs,
        docs_dir=docs_dir,
        use_directory_urls=bool(raw.get("use_directory_urls", True)),
        plugin_options=_plugin_options(raw.get("plugins")),
        excluded=_excluded_docs(raw.get("exclude_docs"), shown, parts),
        template_markers=_template_markers(entries),
        macros=_macros_scope(entries, docs_dir, _ZENSICAL_MACROS in names),
        extension_options=extension_options,
        rewrites_markdown=rewriting,
        include_markdown=_entry_options(raw.get("plugins"), INCLUDE_MARKDOWN_PLUGIN),
        included_docs=_monorepo_docs(config_file),
        table_watchers=watchers,
    )


def _monorepo_docs(config_file: Path) -> tuple[Path, ...]:
    """The docs_dir of each mkdocs.yml the site's monorepo plugin includes in its nav (a sub-project's own
    `docs_dir`, else its `docs/`)."""
    try:
        text = config_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ()
    if "include" not in text or not _MONOREPO_PLUGIN.search(text):
        return ()
    base = config_file.parent.resolve()
    included = []
    for kind, target in _MONOREPO_INCLUDE.findall(text):
        included += [base / target] if kind == "!" else sorted(base.glob(target.removeprefix("./")))
    return tuple((sub.parent / _docs_dir_of(sub)).resolve() for sub in included if sub.is_file())


def _docs_dir_of(config_file: Path) -> str:
    """A sub-project mkdocs.yml's `docs_dir` (`docs` unless it says otherwise), read from its text."""
    found = re.search(r"""^docs_dir[ \t]*:[ \t]*["']?([^"'\n#]+?)["']?[ \t]*(?:#.*)?$""",
                      config_file.read_text(encoding="utf-8", errors="replace"), re.M)
    return found.group(1) if found else "docs"


# Python-Markdown's own extensions by their short names (MkDocs' built-ins among them): none reads pipe tables but
# `tables` (and `extra`, which is `tables` too).
_PYTHON_MARKDOWN_NAMES = frozenset({"abbr", "admonition", "attr_list", "codehilite", "def_list", "extra", "fenced_code",
                                    "footnotes", "legacy_attrs", "legacy_em", "md_in_html", "meta", "nl2br",
                                    "sane_lists", "smarty", "tables", "toc", "wikilinks"})


def _other_table_readers(names: list, configs: dict, shown: str) -> tuple[str, ...]:
    """The extensions of the stack that read each pipe table's lines and hand it on to Python-Markdown's `tables`
    (compact_tables); a ConfigError when one reads pipe tables in its place (markdown_tables_extended): the build's
    house-tables then sees none of the site's tables, and check would say "no findings" on a site full of them.
    Only a stack with an extension other than Python-Markdown's and pymdown-extensions' is built to be asked."""
    if all(isinstance(name, str) and (name in _PYTHON_MARKDOWN_NAMES or name.startswith(("markdown.", "pymdownx.")))
           for name in names):
        return ()
    from .parsing.pymd import markdown_for, table_readers_before, table_watchers_before

    md = markdown_for(tuple(names), configs, recording=True, fast=True)
    readers = table_readers_before(md)
    if readers:
        raise ConfigError(f"{shown}: markdown_extensions: {readers[0]} reads the pages' pipe tables before "
                          "Python-Markdown's tables do, so house-tables would see none of them: take that extension "
                          "out of the stack to check this site")
    return tuple(table_watchers_before(md))


_OWN_EXTENSION_NAMES = ("house_tables", "house_tables.extension")


def _without_own_extension(names: list, configs: dict) -> tuple[list, object]:
    """The stack without house-tables' own Markdown extension, and that entry's options (None without one). The
    command line is that extension: it reads the pages with the rest of the stack and takes the entry's options,
    as the build does. Left in, the extension would convert every table while check scans it (check saw none)."""
    options, kept = None, []
    for name in names:
        if not _is_own_extension(name):
            kept.append(name)
        elif isinstance(name, str):
            options = configs.pop(name, None) or {}
        else:  # an instance a hook added: its options are its values
            options = name.getConfigs()
    return kept, options


def _is_own_extension(name) -> bool:
    """Whether a stack entry is house-tables' extension: by name (its entry point or module, `:Class` allowed) or,
    for an instance a hook added, by the module of its class."""
    if isinstance(name, str):
        return name.split(":")[0] in _OWN_EXTENSION_NAMES
    return type(name).__module__.startswith("house_tables.")


def _raw_config(config_file: Path, shown: str, parts: bool) -> dict:
    """An mkdocs.yml's YAML as MkDocs loads it (`INHERIT`, `!ENV`, `!!python/name:`), {} when it is no mapping."""
    load = mkdocs_parts.yaml_load if parts else _mkdocs_yaml_load()
    try:
        with open(config_file, "rb") as stream:
            raw = load(stream)
    except OSError as error:
        raise ConfigError(f"{shown}: cannot read: {error.strerror or error}") from None
    except Exception as error:  # YAML errors (and the tags' own failures) span several lines
        if not mkdocs_parts.is_configuration_error(error):
            raise ConfigError(f"{shown}: invalid YAML: {_one_line(str(error))}") from None
        # MkDocs wraps YAML errors (and a missing INHERIT file)
        message = str(error).replace("MkDocs encountered an error parsing the configuration file: ", "invalid YAML: ")
        raise ConfigError(f"{shown}: {_one_line(message)}") from None
    return raw if isinstance(raw, dict) else {}


def _mkdocs_yaml_load():
    """MkDocs' own yaml_load with its loader, as a function of the stream (imported outside the reading's errors)."""
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    return lambda stream: yaml_load(stream, get_yaml_loader())


def _zensical_config(config_file: Path, shown: str) -> tuple[dict, list, dict]:
    """A zensical.toml read by Zensical's own reader (zensical.config.parse_zensical_config, what `zensical build`
    reads): its `[project]` keys with Zensical's defaults as the keys of an mkdocs.yml, and the Markdown stack Zensical
    renders pages with (names in its order, each one's options) — its built-ins, the site's extensions with their
    functions resolved, and the extensions it makes of the MkDocs plugins it emulates (`callouts` is
    `pymdownx.quotes` there, `include-markdown` is `pymdownx.snippets` and its adapter, ...). Zensical runs no hooks
    and no plugin's events: the plugins are kept only as the entries that say which syntax the pages hold."""
    try:
        from zensical.config import parse_zensical_config
    except ImportError:
        raise ConfigError(f"{shown}: reading it needs Zensical, whose own reader the build uses "
                          "(pip install zensical)") from None
    observed.before_read(config_file)
    try:
        config = parse_zensical_config(str(config_file))
    except OSError as error:
        raise ConfigError(f"{shown}: cannot read: {error.strerror or error}") from None
    except Exception as error:  # the site's names and Zensical's validation: a call may fail in any way
        raise ConfigError(f"{shown}: {type(error).__name__}: {_one_line(str(error))}") from None
    stack = [{name: config["mdx_configs"].get(name, {})} for name in config["markdown_extensions"]]
    names, configs = _markdown_extensions(stack, shown, parts=False, builtins=[])
    raw = {key: value for key, value in config.items() if key not in ("hooks", "plugins", "markdown_extensions")}
    raw["plugins"] = [{name: entry["config"]} for name, entry in config["plugins"].items()
                      if isinstance(entry, dict) and isinstance(entry.get("config"), dict)
                      and name not in _REWRITING_PLUGINS]  # Zensical made them extensions of the stack above
    return raw, names, configs


def toml_module():
    """tomllib (Python 3.11+), else tomli; None without either."""
    try:
        import tomllib

        return tomllib
    except ImportError:
        try:
            import tomli

            return tomli
        except ImportError:
            return None


_BUILTIN_EXTENSIONS = ["toc", "tables", "fenced_code"]  # MkDocs' own, before the site's


def _markdown_extensions(value, shown: str, parts: bool, builtins: list = _BUILTIN_EXTENSIONS) -> tuple[list, dict]:
    """The site's Markdown stack (names in MkDocs' order, each extension's options) as MkDocs' markdown_extensions
    option validates it, each extension loaded once."""
    import copy

    value = copy.deepcopy(value)  # the option consumes its input
    if parts:
        try:
            return mkdocs_parts.markdown_extensions(value, list(builtins))
        except mkdocs_parts.Refusal as error:
            raise ConfigError(f"{shown}: markdown_extensions: {_one_line(str(error))}") from None
    from mkdocs.config import config_options

    option = config_options.MarkdownExtensions(builtins=list(builtins), configkey="mdx_configs")
    try:
        names = option.validate(value)
    except config_options.ValidationError as error:
        raise ConfigError(f"{shown}: markdown_extensions: {_one_line(str(error))}") from None
    return names, dict(option.configdata)


def _excluded_docs(value, shown: str, parts: bool = False):
    """The files MkDocs leaves out of the build, as it matches them (mkdocs.structure.files.set_exclusions): its
    default (`.*` and `/templates/`) plus the site's `exclude_docs` (gitignore patterns, by MkDocs' own option)."""
    if parts:
        if not value:  # made when a page under docs_dir is first matched
            return LazySpec(mkdocs_parts.DEFAULT_EXCLUDE)
        try:
            return mkdocs_parts.default_exclude() + mkdocs_parts.path_spec(value)
        except mkdocs_parts.Refusal as error:
            raise ConfigError(f"{shown}: exclude_docs: {_one_line(str(error))}") from None
    import pathspec
    from mkdocs.config import config_options
    from mkdocs.structure import files

    default = getattr(files, "_default_exclude", None)
    default = default or pathspec.gitignore.GitIgnoreSpec.from_lines([".*", "/templates/"])
    if not value:
        return default
    try:
        return default + config_options.PathSpec().validate(value)
    except config_options.ValidationError as error:
        raise ConfigError(f"{shown}: exclude_docs: {_one_line(str(error))}") from None


def _with_hooks(config_file: Path, raw: dict, names: list, configs: dict, shown: str) -> tuple[list, dict, bool]:
    """The Markdown stack once the site's hooks ran their `on_config`, as `mkdocs build` runs them (MkDocs loads
    the hook files; the site's plugins stay out), and whether a hook rewrites pages' Markdown (on_page_markdown).
    A hook that fails is a ConfigError of one line."""
    config = _hooked_config(config_file, raw)
    try:
        errors, _ = config.validate()
        if errors:
            name, error = errors[0]
            raise ConfigError(f"{shown}: {name}: {_one_line(str(error))}")
        config.plugins.on_config(config)
    except ConfigError:
        raise
    except Exception as error:  # the site's own code: whatever it raises is reported in one line
        raise ConfigError(f"{shown}: hooks: {type(error).__name__}: {_one_line(str(error))}") from None
    rewriting = bool(config.plugins.events.get("page_markdown"))
    return list(config.markdown_extensions), dict(config.mdx_configs), rewriting


def _hooked_config(config_file: Path, raw: dict):
    """An MkDocs configuration of the site's hooks, its plugins that only rewrite a page's Markdown
    (_REWRITING_PLUGINS) and its Markdown stack alone (its other plugins stay out), not validated."""
    from mkdocs.config.defaults import MkDocsConfig

    config = MkDocsConfig(config_file_path=str(config_file))
    config.load_dict({"site_name": raw.get("site_name") or "site", "docs_dir": raw.get("docs_dir") or "docs",
                      "hooks": raw.get("hooks") or [], "plugins": _rewriting_plugins(raw),
                      "markdown_extensions": raw.get("markdown_extensions") or [],
                      **{key: raw[key] for key in _PLAIN_KEYS if key in raw}})
    return config


# Plugins whose only work on a page is rewriting its Markdown (on_page_markdown), a function of the text and their
# options: `> [!NOTE]` callouts made admonitions (mkdocs-callouts, mkdocs-github-admonitions-plugin). A table
# under such a callout is in the admonition's body in the build: check and fix read pages as these make them.
# mkdocs-markdownextradata-plugin renders every page as a Jinja template with the site's `extra` and data files
# (its on_pre_build reads them: _PRE_BUILD_PLUGINS): its `{% for %}` and `{% if %}` lines are no rows of a table
# in the build, and a loop's rows are the data's (TRaSH-Guides' Guide-Sync pages: check reported the statement
# lines as rows, HT003, and none of the rows the build reports).
# mkdocs-table-reader-plugin replaces `{{ read_csv('x.csv') }}` by a pipe table of the file's rows (hummingbot's
# docs): the build reports that table, so check reads the page so made too. Its on_pre_page notes the page, beside
# which it looks for the file (_PRE_PAGE_PLUGINS).
_REWRITING_PLUGINS = ("callouts", "gh-admonitions", EXTRA_DATA_PLUGIN, "table-reader")
_PRE_BUILD_PLUGINS = (EXTRA_DATA_PLUGIN,)
_PRE_PAGE_PLUGINS = ("table-reader",)


def _rewriting_plugins(raw: dict) -> list:
    """The site's entries of _REWRITING_PLUGINS that are installed (a site without them cannot build; its pages
    are read as written), in the site's order, as entries of `plugins:`."""
    from importlib.metadata import entry_points

    wanted = [(name, options) for name, options in _plugin_entries(raw.get("plugins")) if name in _REWRITING_PLUGINS
              and not (isinstance(options, dict) and options.get("enabled") is False)]
    if not wanted:
        return []
    installed = {point.name for point in entry_points(group="mkdocs.plugins")}
    return [name if options is None else {name: options} for name, options in wanted if name in installed]


# What a hook may read of the configuration that is data alone (no theme, plugin or nav to build).
_PLAIN_KEYS = ("use_directory_urls", "extra", "site_url", "site_description", "site_author", "copyright", "repo_url",
               "repo_name", "edit_uri", "exclude_docs", "not_in_nav", "strict")


# Why no table of a file may change although the file renders the same as its own page: a page includes only
# some of its lines (a snippet line range), or shows its text as code (a snippet line inside a fence).
RANGE_INCLUDE, CODE_INCLUDE = "range", "code"

_GUARDED: dict[Path, tuple[dict[str, tuple[str, str]], dict[str, tuple[str, ...]]]] = {}

# An opening or closing fence (fenced_code, superfences: at any indentation, since superfences nests them in blocks).
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})")


def forget_guarded_includes() -> None:
    """Read the pages' snippet lines and Jinja statements again when next asked (see includes.forget_includes)."""
    _GUARDED.clear()
    _SCOPES.clear()


def guarded_includes(site: Site) -> dict[str, tuple[str, str]]:
    """The files some page of the site includes in a way a converted table would change (pymdownx.snippets): each
    file's absolute path -> (the first such including line, `docs/index.md:3`; RANGE_INCLUDE when it includes
    *lines* of the file (`--8<-- "table.md:3:6"`), which would then be other lines; CODE_INCLUDE when the line is
    inside a fence, which shows the file's text, the house table's source once converted). Read once per process
    and site; {} without snippets."""
    return _snippet_includes(site)[0]


def snippet_includers(site: Site) -> dict[str, tuple[str, ...]]:
    """The files some page includes whole by a snippet, outside code: each file's absolute path -> the absolute
    paths of the pages that include it. There the file's tables are read with that page's link references,
    footnotes and abbreviations, which the file's own page lacks (pages_including)."""
    return _snippet_includes(site)[1]


def _snippet_includes(site: Site):
    """guarded_includes and snippet_includers, from one reading of the pages per process and site."""
    found = _GUARDED.get(site.config_file)
    if found is None:
        found = _GUARDED[site.config_file] = _guarded_includes(site)
    return found


def _snippets_of(configs: dict):
    """A snippets preprocessor configured as the site configures it, and its path splitting."""
    import markdown

    md = markdown.Markdown(extensions=["pymdownx.snippets"],
                           extension_configs={"pymdownx.snippets": configs.get("pymdownx.snippets", {})})
    snippets = md.preprocessors["snippet"]
    split = getattr(snippets, "split_path", None) or (lambda path: snippets.RE_SNIPPET_FILE.match(path).groups())
    return snippets, split


def _guarded_includes(site: Site):
    """_snippet_includes' work: every page under docs_dir read for snippet lines, their paths resolved as snippets
    resolves them (its own base_path and path splitting)."""
    import os

    if "pymdownx.snippets" not in site.extensions:
        return {}, {}
    snippets, split = _snippets_of(site.extension_configs)
    found: dict[str, tuple[str, str]] = {}
    includers: dict[str, tuple[str, ...]] = {}
    for page, text in pages_holding(site, "8<"):
        for number, snippet, in_code in _snippet_lines(snippets, text.splitlines()):
            path, ranges, section = split(snippet)
            target = snippets.get_snippet_path(path)
            if target is None:
                continue
            target = os.path.abspath(target)
            if ranges or in_code:
                place = f"{shown_file(page)}:{number}"
                found.setdefault(target, (place, CODE_INCLUDE if in_code else RANGE_INCLUDE))
            elif not section and str(page.resolve()) not in includers.get(target, ()):
                includers[target] = (*includers.get(target, ()), str(page.resolve()))
    return found, includers


def pages_including(path: str, pages: tuple[str, ...], configs: dict):
    """A function from a text of this file to the pages of pages that include it, as snippets would show them with
    that text in the file: (the page's first including line, `docs/index.md:3`; the page's text with each whole
    include of the file replaced by the text, indented as the include, and each other snippet block written as
    inline includes, which snippets reads alike). The pages are read once, here."""
    import os

    snippets, split = _snippets_of(configs)
    target = os.path.abspath(path)
    readings = []  # (place, lines, {line number: the file's indentation there, or another include written inline})
    for page in pages:
        try:
            lines = Path(page).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        swaps: dict[int, object] = dict.fromkeys(_block_marker_lines(snippets, lines))
        for number, snippet, _in_code in _snippet_lines(snippets, lines):
            line = lines[number - 1]
            space = line[: len(line) - len(line.lstrip(" \t"))]
            file, ranges, section = split(snippet)
            found = snippets.get_snippet_path(file)
            own = found is not None and os.path.abspath(found) == target and not ranges and not section
            swaps[number] = (space,) if own else f'{space}--8<-- "{snippet}"'
        first = min((number for number, swap in swaps.items() if isinstance(swap, tuple)), default=None)
        if first is not None:
            readings.append((f"{shown_file(page)}:{first}", lines, swaps))

    def shown(text: str) -> list[tuple[str, str]]:
        own_lines = text.splitlines()
        return [(place, "\n".join(_swapped(lines, swaps, own_lines)) + "\n") for place, lines, swaps in readings]
    return shown


def _swapped(lines: list[str], swaps: dict, own_lines: list[str]):
    """A page's lines with its snippet lines swapped: a block marker dropped, this file's include replaced by its
    lines (indented as the include), another include written inline."""
    for number, line in enumerate(lines, 1):
        swap = swaps.get(number, line)
        if isinstance(swap, tuple):
            yield from (swap[0] + own for own in own_lines)
        elif swap is not None:
            yield swap


def _block_marker_lines(snippets, lines: list[str]) -> set[int]:
    """The numbers of the lines that open or close a snippet block (`--8<--` alone)."""
    return {number for number, line in enumerate(lines, 1) if "8<" in line
            and (match := snippets.RE_ALL_SNIPPETS.match(line)) is not None and not match.group("escape")
            and not match.group("inline_marker")}


def pages_holding(site: Site, marker: str):
    """(path, text) of each `.md` file under docs_dir whose text holds marker, in path order (a file that cannot be
    read or decoded is passed over: check and fix report it themselves)."""
    for page in sorted(site.docs_dir.rglob("*.md")):
        try:
            text = page.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if marker in text:
            yield page, text


def _snippet_lines(snippets, lines: list[str]):
    """(line number, snippet path, whether the line is inside a fence) of each file a page's lines include, inline
    (`--8<-- "file.md"`) or in a block (`--8<--`, a path per line, `--8<--`), read as snippets reads them (escaped
    and commented-out lines skipped; an inline one in a block ignored, as snippets ignores it)."""
    block, fence = False, None
    for number, line in enumerate(lines, 1):
        match = snippets.RE_ALL_SNIPPETS.match(line) if "8<" in line else None
        if match is not None:
            if match.group("escape") or (block and match.group("inline_marker")):
                continue
            if not match.group("inline_marker"):
                block = not block
                continue
            snippet = match.group("snippet")[1:-1].strip()
        elif block:
            snippet = line.strip()
        else:
            fence = _fence_after(line, fence)
            continue
        if snippet and not snippet.startswith(";"):
            yield number, snippet, fence is not None


def _fence_after(line: str, fence: str | None) -> str | None:
    """The fence open after a line (None outside one): a fence line opens one; inside, a line of the same character,
    at least as long, with nothing after it closes it."""
    match = _FENCE.match(line)
    if match is None:
        return fence
    mark = match.group(1)
    if fence is None:
        return mark
    closes = mark[0] == fence[0] and len(mark) >= len(fence) and not line[match.end():].strip()
    return None if closes else fence


_SCOPES: dict[Path, object] = {}


def macros_scope(site: Site) -> MacrosScope | None:
    """The site's MacrosScope when it may be trusted to leave pages as written: no page the plugin renders pulls
    in other files by a Jinja statement (`include`, `import`, `from`, `extends`: the file pulled in is rendered with
    it), and no include-markdown plugin pastes files into pages (a file the plugin leaves as its own page is
    rendered inside the pages that paste it); else None (the plugin's delimiters count on every page). Every page
    under docs_dir is read once per process and site (the language server reads them again when a page is saved,
    includes.forget_includes; a page's own front matter at once)."""
    if site.macros is None or site.include_markdown is not None:
        return None
    scope = _SCOPES.get(site.config_file, _SCOPES)
    if scope is _SCOPES:
        scope = _SCOPES[site.config_file] = _trusted_scope(site, site.macros)
    return scope


def _trusted_scope(site: Site, scope: MacrosScope) -> MacrosScope | None:
    """macros_scope's work."""
    from .files import read_text

    pulls = re.compile(re.escape(scope.markers[1]) + r"-?\s*(?:include|import|from|extends)\b")
    for page in sorted(site.docs_dir.rglob("*.md")):
        try:
            text = read_text(page, for_writing=False).text
        except Exception:  # an unreadable page: nothing can be said of what it pulls in
            return None
        if pulls.search(text) and not scope.leaves(str(page), text):
            return None
    return scope


_REWRITERS: dict[str, object] = {}


def markdown_rewriter(config_file: str):
    """A function (path, text, templated=None) -> text that runs the site's hooks' and rewriting plugins'
    on_page_markdown on a page's text as `mkdocs build` does (front matter kept aside, the page and the site's files
    as MkDocs makes them), with templated (the macros plugin's view, JinjaSyntax.view) at that plugin's place among
    them, made once per process and configuration file version (the language server's edits). A file that is no
    page of the site is given back as it is."""
    key = f"{config_file}\0{Path(config_file).stat().st_mtime_ns}"
    rewriter = _REWRITERS.get(key)
    if rewriter is None:
        rewriter = _REWRITERS[key] = _make_rewriter(Path(config_file))
    return rewriter


def _make_rewriter(config_file: Path):
    """markdown_rewriter's function for one site (its hooks and rewriting plugins run their on_config first, as in a
    build)."""
    import os

    from mkdocs.structure.files import File, get_files
    from mkdocs.structure.pages import Page
    from mkdocs.utils.meta import get_data
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    with open(config_file, "rb") as stream:
        raw = yaml_load(stream, get_yaml_loader())
    config = _hooked_config(config_file, raw)
    config.validate()
    config.plugins.on_config(config)
    failure = _plugin_data_failure(config)
    files = get_files(config)
    docs = os.path.abspath(config.docs_dir)

    events = config.plugins.events["page_markdown"]
    place = _macros_place(config, raw, events)

    def rewrite(path: str, text: str, templated=None) -> str:
        src_uri = os.path.relpath(os.path.abspath(path), docs).replace(os.sep, "/")
        file = files.get_file_from_path(src_uri)
        if file is None and not src_uri.startswith("../"):  # a page made since (the language server)
            file = File(src_uri, docs, config.site_dir, config.use_directory_urls)
        if file is None or not file.is_documentation_page():
            return text
        if failure is not None:  # the build fails before any page: each page is read as written (pymd.rewritten)
            raise failure
        body, meta = get_data(text)
        page = Page(None, file, config)
        page.markdown, page.meta = body, meta  # as Page.read_source leaves them before the event
        for name, plugin in config.plugins.items():
            if name in _PRE_PAGE_PLUGINS:  # only theirs: a hook's on_pre_page may expect the site's navigation
                plugin.on_pre_page(page, config=config, files=files)
        markdown = _run_events(events[:place], body, page=page, config=config, files=files)
        if templated is not None:
            markdown = templated(markdown)
        markdown = _run_events(events[place:], markdown, page=page, config=config, files=files)
        return text[: len(text) - len(body)] + markdown if text.endswith(body) else markdown
    return rewrite


def _macros_place(config, raw: dict, events: list) -> int:
    """How many of the rewriter's on_page_markdown events the build runs before the macros plugin renders the page:
    MkDocs runs them by priority (include-markdown's 100 first), then in the order of `plugins:` (hooks after every
    plugin), and the macros plugin's has none. A plugin listed before it renders its own Jinja first
    (markdownextradata with the same delimiters: its `{% for %}` loop is rendered, where the macros plugin's view
    would have dropped the statements)."""
    names = [name for name, _ in _plugin_entries(raw.get("plugins"))]
    listed_before = set(names[: names.index(MACROS_PLUGIN)]) if MACROS_PLUGIN in names else set()
    owners = {id(plugin): name for name, plugin in config.plugins.items()}
    place = 0
    for method in events:
        priority = getattr(method, "mkdocs_priority", 0)
        if priority < 0 or (priority == 0 and owners.get(id(getattr(method, "__self__", None))) not in listed_before):
            break
        place += 1
    return place


def _run_events(methods: list, markdown: str, **context) -> str:
    """markdown through some of on_page_markdown's methods, as MkDocs' PluginCollection.run_event runs them (a method
    that returns None leaves the text as it is)."""
    for method in methods:
        result = method(markdown, **context)
        if result is not None:
            markdown = result
    return markdown


class PluginDataError(Exception):
    """A rewriting plugin could not read its data (on_pre_build): the build fails on it before any page."""


def _plugin_data_failure(config) -> PluginDataError | None:
    """Load what the rewriting plugins read before the pages in a build (on_pre_build): markdownextradata's data
    files, which it adds to `extra`. Only theirs: a hook's on_pre_build may write files or call out, as a build's
    does. Their failure (a data file that is no YAML), in one line; None when they read their data."""
    for name, plugin in config.plugins.items():
        if name in _PRE_BUILD_PLUGINS:
            try:
                plugin.on_pre_build(config=config)
            except Exception as error:  # the site's data and the plugin's code: whatever they raise
                return PluginDataError(f"{name} could not read its data: {type(error).__name__}: "
                                       f"{_one_line(str(error))}")
    return None


def _plugin_options(plugins) -> object:
    """The options of the house-tables entry under `plugins:` ({} for a bare name), or None without one (validated
    with the other option sources: a list here is reported there)."""
    return _entry_options(plugins, PLUGIN_NAME)


def _entry_options(plugins, wanted: str) -> object:
    """The options of the entry named wanted under `plugins:` ({} for a bare name), or None without one."""
    for name, options in _plugin_entries(plugins):
        if name == wanted:
            return {} if options is None else options
    return None


# Zensical's emulation of mkdocs-macros-plugin: a preprocessor of the stack, which the verification's render runs
# itself.
_ZENSICAL_MACROS = "zensical.extensions.macros"


@dataclass(frozen=True)
class MacrosScope:
    """Which pages mkdocs-macros-plugin renders as Jinja templates, as its render() decides: never a page whose
    front matter says `render_macros: false`; with `render_by_default: false`, only a page whose front matter says
    `render_macros: true` or whose path under docs_dir matches `force_render_paths` (nautobot renders 2 of its 312
    pages). On the other pages its delimiters are text like any other."""

    syntax: JinjaSyntax  # its Jinja options; its delimiters (variable, block, comment) are in Site.template_markers too
    by_default: bool
    forced: tuple[str, ...]  # force_render_paths' lines: gitwildmatch patterns over paths under docs_dir
    docs_dir: str

    def leaves(self, path: str, text: str) -> bool:
        """Whether the plugin leaves this file's text as written. A file outside docs_dir is no page of the site:
        some page may paste it in, so it is taken as rendered."""
        import os

        src_path = os.path.relpath(os.path.realpath(path), self.docs_dir).replace(os.sep, "/")
        if src_path.startswith("../"):
            return False
        flag = mkdocs_parts.page_meta().get_data(text.removeprefix("\ufeff"))[1].get("render_macros")
        if flag == False:  # noqa: E712 -- the plugin's own test (0 counts as false there too)
            return True
        return not (self.by_default or flag == True or self._forced(src_path))  # noqa: E712 -- as the plugin tests

    @property
    def markers(self) -> tuple[str, ...]:
        """Its delimiters: what opens an expression, a statement and a comment."""
        return self.syntax.markers

    def renders(self, path: str, text: str) -> bool:
        """Whether the plugin renders this file as its own page (under docs_dir, not left as written): a file it
        is not known to render (one outside docs_dir, or one it leaves that a rendered page pulls in by a Jinja
        `include`) would show a raw block's tags as text where it is not rendered."""
        import os

        inside = not os.path.relpath(os.path.realpath(path), self.docs_dir).replace(os.sep, "/").startswith("../")
        return inside and not self.leaves(path, text)

    def _forced(self, src_path: str) -> bool:
        if not self.forced:
            return False
        import pathspec

        return pathspec.PathSpec.from_lines("gitwildmatch", self.forced).match_file(src_path)


# mkdocs-include-markdown-plugin pastes files into pages in on_page_markdown (includes.partial_includes).
INCLUDE_MARKDOWN_PLUGIN = "include-markdown"


def _macros_scope(plugins, docs_dir: Path, in_stack: bool = False) -> MacrosScope | None:
    """The site's MacrosScope when it lists mkdocs-macros-plugin (its `macros` entry), else None."""
    for name, options in _plugin_entries(plugins):
        if name == MACROS_PLUGIN:
            options = options if isinstance(options, dict) else {}
            forced = tuple(str(options.get("force_render_paths") or "").splitlines())
            return MacrosScope(JinjaSyntax.of(options, in_stack), options.get("render_by_default", True) is not False,
                               forced, str(docs_dir))
    return None


# mkdocs-autorefs, and mkdocstrings which runs it: `[title][identifier]` without a definition on the page becomes a
# link to the identifier's heading anywhere on the site (openai-agents-python: 12 tables).
_CROSS_REFERENCE_PLUGINS = ("autorefs", "mkdocstrings")

# Wiki-link plugins: `[[page]]` (or `[[page#heading]]`) becomes a link to that page, in a pipe cell too (the names
# their distributions register: mkdocs-ezlinks-plugin and its forks mkdocs-obsidian-links and
# mkdocs-wikilinks-plugin register `ezlinks`).
_WIKI_LINK_PLUGINS = ("ezlinks", "roamlinks", "obsidian-bridge")


def _template_markers(plugins) -> tuple[TemplateMarker, ...]:
    """The strings that open a template expression in the site's pages (mkdocs-macros-plugin's and
    mkdocs-markdownextradata-plugin's Jinja delimiters, their defaults or the site's own), CROSS_REFERENCE_MARKER
    with a cross-reference plugin and WIKI_LINK_MARKER with a wiki-link plugin, each with the plugins that read it;
    () without such plugins. MkDocs runs the plugins, not Python-Markdown, so fix's render of the page cannot see
    what a house table's `style={{...}}`, an escaped `[title][identifier]` or an escaped `[[page]]` would become
    there."""
    readers: dict[str, list[str]] = {}
    kinds: dict[str, str] = {}
    for name, options in _plugin_entries(plugins):
        if name == MACROS_PLUGIN:
            opened = JinjaSyntax.of(options if isinstance(options, dict) else {}).kinds
        elif name == EXTRA_DATA_PLUGIN:
            opened = _extra_data_syntax(options).kinds
        elif name in _CROSS_REFERENCE_PLUGINS:
            opened = {CROSS_REFERENCE_MARKER: "expression"}
        elif name in _WIKI_LINK_PLUGINS:
            opened = {WIKI_LINK_MARKER: "expression"}
        else:
            continue
        for text, kind in opened.items():
            named = readers.setdefault(text, [])
            kinds.setdefault(text, kind)
            if name not in named:
                named.append(name)
    return tuple(TemplateMarker(text, tuple(names), kinds[text]) for text, names in readers.items())


def _extra_data_syntax(options) -> JinjaSyntax:
    """The Jinja syntax of a markdownextradata entry: its `jinja_options` are jinja2.Environment's own keywords
    (`variable_start_string`, ...), which the macros plugin spells with a `j2_` prefix."""
    jinja_options = options.get("jinja_options") if isinstance(options, dict) else None
    return JinjaSyntax.of({f"j2_{key}": value for key, value in (jinja_options or {}).items() if isinstance(key, str)})


def _with_macros_extension(plugins, names, configs: dict):
    """The site's plugin entries, with a `macros` entry of Zensical's macros extension's options when the stack
    lists that extension (fastapi's, sqlmodel's and typer's mkdocs.yml do, under MkDocs) and no macros plugin: it
    renders the pages as mkdocs-macros-plugin does, with the same options, inside the Markdown render."""
    if _ZENSICAL_MACROS not in names or any(name == MACROS_PLUGIN for name, _ in _plugin_entries(plugins)):
        return plugins
    entries = list(plugins.items()) if isinstance(plugins, dict) else list(plugins or [])
    return [*entries, {MACROS_PLUGIN: configs.get(_ZENSICAL_MACROS) or {}}]


def _plugin_entries(plugins):
    """(name, options) of each entry under `plugins:`, a list of names and one-key mappings or a mapping (options
    None for a bare name)."""
    if isinstance(plugins, dict):
        return plugins.items()
    return ((entry, None) if isinstance(entry, str) else next(iter(entry.items()), (None, None))
            for entry in (plugins if isinstance(plugins, list) else ()) if isinstance(entry, (str, dict)))


def _one_line(message: str) -> str:
    """The first and last lines of a multi-line message (what failed, and why), as one line."""
    lines = [line.strip() for line in message.strip().splitlines() if line.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else message
    return f"{lines[0]} {lines[-1]}"
