"""MkDocs plugin `house-tables`: thin — it installs the package's Markdown extension and tells it which page is
being rendered, so findings point at the file on disk (`docs/page.md:12:5: HT001 ...`)."""

from __future__ import annotations

import logging
import os
from collections import Counter
from typing import TYPE_CHECKING

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import Abort
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from .extension import HouseTablesExtension, PageContext
from .options import OPTIONS, PLUGIN, Option, OptionError

if TYPE_CHECKING:
    from .files import GlobSet

log = get_plugin_logger(__name__)
INCLUDE_MARKDOWN = "include-markdown"  # mkdocs-include-markdown-plugin's entry (site.INCLUDE_MARKDOWN_PLUGIN)


class _SchemaOption(c.BaseConfigOption):
    """An option of the one schema (options.py), validated there: a bad value becomes MkDocs' ValidationError,
    which MkDocs reports as one line naming the plugin and the option, with the reason every front end gives."""

    def __init__(self, option: Option):
        super().__init__()
        self.option = option
        self.default = option.default

    def run_validation(self, value):
        try:
            return self.option.value(value)
        except OptionError as error:
            raise base.ValidationError(error.reason) from None


# The plugin's options, made from the schema (`plugins: [house-tables: {...}]`).
HouseTablesConfig = type("HouseTablesConfig", (base.Config,),
                         {option.name: _SchemaOption(option) for option in OPTIONS if PLUGIN in option.fronts})


class HouseTablesPlugin(BasePlugin[HouseTablesConfig]):
    """Converts pipe tables (and renders hand-written house JSX tables) at build time, warning at each.

    Findings are kept per page, so every build (also `serve --dirty`, which skips unchanged pages) reports
    each page's findings exactly once. Under `mkdocs serve --strict` they are logged as INFO, so a rebuild
    never aborts and the preview never sticks on a stale page; `mkdocs build --strict` and
    `house-tables check` are the gates.
    """

    extension: HouseTablesExtension | None = None
    globs: tuple[GlobSet, GlobSet] | None = None  # include, exclude; None: every page (no pattern in either)
    pasting: tuple[dict, str] | None = None  # mkdocs-include-markdown-plugin's options and docs_dir, when listed

    def __init__(self):
        self.findings: dict[str, list[tuple[int, str]]] = {}  # page src_uri -> (level, message)
        self.rendered: set[str] = set()
        self.current: str | None = None
        self.reading = None  # the File MkDocs is reading a page from (on_pre_page), until on_page_markdown
        self.serving = False
        self.downgrade = False
        self.depth = 0  # builds under way: more than one while another plugin runs a build inside a build
        self.logged = Counter()  # how often this build logged each finding
        self.enclosing: list[tuple] = []  # each build this one runs inside: its logged, rendered and pages (on_nav)
        self.seen = Counter()  # the most often a build of this run logged each finding (enclosing ones, or done)

    def load_config(self, options, config_file_path=None):
        """MkDocs' validation, with an unknown option an error rather than a warning (a misspelt option would
        otherwise be ignored while the build goes on)."""
        errors, warnings = super().load_config(options, config_file_path)
        unknown = [(key, message) for key, message in warnings if key not in self.config_scheme_keys()]
        return [*errors, *unknown], [w for w in warnings if w not in unknown]

    def config_scheme_keys(self) -> set[str]:
        """The names of the plugin's options."""
        return {name for name, _ in self.config_class._schema}

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember whether this is `mkdocs serve`."""
        self.serving = command == "serve"

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Install the Markdown extension with this plugin's options (the page's own Markdown renders the cells)."""
        if not self.config.enabled:
            return None
        self.downgrade = self.serving and bool(config.strict)
        self.globs = None
        if self.config.include or self.config.exclude:
            from .files import GlobSet  # file discovery: only for sites that set globs

            self.globs = (GlobSet(self.config.include), GlobSet(self.config.exclude))  # over paths under docs_dir
        self.extension = HouseTablesExtension(
            style=self.config.style, widths=self.config.widths, custom_style=self.config.custom_style,
            level=self.config.level, levels=self.config.levels,
        )
        self.extension.settings.sink = self._collect
        config.markdown_extensions.append(self.extension)
        pasting = config.plugins.get(INCLUDE_MARKDOWN)
        self.pasting = (dict(pasting.config), config.docs_dir) if pasting is not None else None
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """A new build: no page rendered yet. A build another plugin runs inside this one (mkdocs-static-i18n builds
        each other language from its on_post_build) logs only what the builds before it in the same run did not: a
        page every language shows from one file (suffix structure, fallback pages) gave each finding once per
        language, where check gives it once."""
        if self.depth == 0:  # a run of its own (`build`, or one of `serve`'s rebuilds)
            self.seen, self.enclosing = Counter(), []
        else:
            self.enclosing.append((self.logged, self.rendered, getattr(config, "_house_tables_pages", None)))
            self.seen |= self.logged
        self.depth += 1
        self.logged, self.rendered = Counter(), set()

    def _collect(self, level: int, message: str) -> None:
        """Log a finding of the page being rendered, and keep it for builds that skip the page. Markdown other
        plugins render outside a page's own rendering (blog excerpts on index pages) is styled but not reported:
        its tables are reported with the page they come from."""
        if self.current is None:
            return
        self.findings.setdefault(self.current, []).append((level, message))
        self._log(level, message)

    def _log(self, level: int, message: str) -> None:
        """Log a finding, unless a build this one runs inside (or one run before it there) logged it as often."""
        self.logged[message] += 1
        if self.logged[message] > self.seen[message]:
            log.log(min(level, logging.INFO) if self.downgrade else level, message)

    @event_priority(-110)  # after every other plugin's, which may run builds inside this one (mkdocs-static-i18n)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Report again the findings of pages this build did not render (`--dirty`); forget deleted pages. Then this
        build, and any run inside it, is over."""
        self._report_unrendered(config)
        self.seen |= self.logged
        self.depth = max(0, self.depth - 1)
        if self.enclosing:  # back in the build this one ran inside
            self.logged, self.rendered, config._house_tables_pages = self.enclosing.pop()

    def _report_unrendered(self, config: MkDocsConfig) -> None:
        """on_post_build's report of the pages this build did not render, and forgetting of deleted pages."""
        existing = getattr(config, "_house_tables_pages", None) or None
        for src, found in list(self.findings.items()):
            if src in self.rendered:
                continue
            if existing is not None and src not in existing:
                del self.findings[src]
                continue
            for level, message in found:
                self._log(level, message)

    def on_nav(self, nav, *, config: MkDocsConfig, files: Files):
        """Remember this build's pages (to forget the findings of deleted ones): their src_uris, not the pages, which
        would stay alive with their HTML and TOC until the process ends (as the config does)."""
        config._house_tables_pages = {file.page.file.src_uri for file in files.documentation_pages() if file.page}
        return nav

    @event_priority(-100)  # last: the page whose source MkDocs reads next, whatever another plugin made of it
    def on_pre_page(self, page: Page, /, *, config: MkDocsConfig, files: Files) -> None:
        """Note which file MkDocs reads next (it reads the page's source right after this event), so that a file that
        is not UTF-8 is reported at its place (on_build_error). Not on_page_read_source: MkDocs warns about every
        site where two plugins register that one (`Multiple 'on_page_read_source' handlers can't work`)."""
        self.reading = page.file

    @event_priority(-100)  # last: every other plugin's handler has run
    def on_build_error(self, *, error: Exception) -> None:
        """A page that is not UTF-8 stops MkDocs with a traceback: report it as check does, at the line and column of
        the first byte that is not UTF-8 (one line, `docs/bad.md:3:3: not valid UTF-8 (...)`), and abort cleanly."""
        file, self.reading = self.reading, None
        self.depth = 0  # the builds this one ran inside fail with it: the next build is a run of its own
        if self.extension is None or file is None or not isinstance(error, UnicodeDecodeError):
            return
        if file.abs_src_path is None or error.object not in _decoded_as_mkdocs_does(file.content_bytes):
            return  # another text's error
        from .diagnostics import shown_file
        from .files import reason, undecodable_at

        line, column = undecodable_at(error)
        log.error(f"{shown_file(file.abs_src_path)}:{line}:{column}: {reason(error)}")
        raise Abort("Aborted with a page that is not valid UTF-8")

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """Tell the extension which file this page is, and whether the include/exclude globs keep it."""
        self.reading = None
        if self.extension is None:
            return None
        src = page.file.src_uri
        enabled = self.globs is None or _selected(src, self.globs)
        file, read = page.file, page.markdown  # what MkDocs read (page.markdown: this event's result, once it ran)
        self.extension.page = PageContext(lambda: _display_path(page), lambda: _file_text(file, read, config),
                                          enabled, getattr(file, "generated_by", None), self._pasted(file),
                                          "<table" in markdown)
        self.current = page.file.src_uri
        self.findings[self.current] = []
        self.rendered.add(self.current)
        return None

    def _pasted(self, file):
        """How to read the files mkdocs-include-markdown-plugin pastes into the page (PageContext.pasted), when the
        site lists it: a table of pasted text is reported at its file's line, not as text no file holds."""
        if self.pasting is None or file.abs_src_path is None:
            return None
        options, docs_dir = self.pasting

        def pasted() -> dict[str, list[str]]:
            from .includes import pasted_lines

            return pasted_lines(file.abs_src_path, file.content_string, options, docs_dir)
        return pasted

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """The page is rendered: what is converted from now on is not this page's own Markdown."""
        self.current = None
        if self.extension is not None:
            self.extension.page = None
            self.extension.converter = None  # the page's Markdown, whose MkDocs link processor holds every page
        return None


def _decoded_as_mkdocs_does(data: bytes) -> tuple[bytes, bytes]:
    """The bytes MkDocs decodes of a file (as `utf-8-sig`, the text after a BOM), and the file's own."""
    return data.removeprefix(b"\xef\xbb\xbf"), data


def _file_text(file, read: str | None, config: MkDocsConfig) -> str:
    """The text of the page's file (where findings are placed), without reading it again where the Markdown MkDocs
    read from it (read) is that text: MkDocs' front-matter reader (meta.get_data) only deletes (a front matter, the
    blank lines after it, the CR of each CRLF) or makes a lone CR a LF, so a Markdown as long in UTF-8 as the file is
    the file's text, lone CRs aside (positions count every line ending alike). Not where a plugin serves page
    sources, nor for a file with a BOM. Reading each page's file again was half of what reporting its findings cost."""
    if (isinstance(read, str) and file.abs_src_path is not None and not config.plugins.events["page_read_source"]
            and not getattr(file, "generated_by", None)):
        try:
            if os.path.getsize(file.abs_src_path) == (len(read) if read.isascii() else len(read.encode("utf-8"))):
                return read
        except (OSError, UnicodeEncodeError):
            pass  # as MkDocs' own read would report it
    return file.content_string


def _selected(src: str, globs: tuple[GlobSet, GlobSet]) -> bool:
    """Whether the include/exclude globs keep the page."""
    from .files import page_selected

    return page_selected(src, *globs)


def _display_path(page: Page) -> str:
    """The page's file as findings name it (diagnostics.shown_file: relative to the current directory, as check
    names it); a page a plugin generated, which has no such file (mkdocs-gen-files writes it to a temporary
    directory), by its path under docs_dir."""
    if page.file.abs_src_path is None or getattr(page.file, "generated_by", None):
        return page.file.src_uri
    from .diagnostics import shown_file

    return shown_file(page.file.abs_src_path)
