"""Files that a page of an MkDocs site includes with mkdocs-include-markdown-plugin (`{% include-markdown "x.md" %}`,
`{% include "x.md" %}`) other than as a block of its own: inline after text, inside code, by a part (`start=`,
`end=`), or indented without the includer's indent. A house table converted there would show as text in the
including page (or be cut), which fix cannot see when it verifies the file as its own page."""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .braces import forget_brace_includes
from .diagnostics import shown_file
from .site import forget_guarded_includes, pages_holding
from .source import Source

# What stands for a directive when the including page is rendered: plain text no extension changes.
_SENTINEL = "HouseTablesIncludeMark{}Z"

class _Pastes:
    """How the site's pages paste files: partial (file -> (the first such including line, how)) and whole (file ->
    the pages that paste it whole, as a block of its own, where its tables read that page's definitions)."""

    def __init__(self):
        self.partial: dict[str, tuple[str, str]] = {}
        self.whole: dict[str, list[str]] = {}


_FOUND: dict[Path, _Pastes] = {}


def forget_includes() -> None:
    """Read how pages include files again when next asked (the language server, after a page is saved)."""
    _FOUND.clear()
    forget_guarded_includes()
    forget_brace_includes()


def partial_includes(site) -> dict[str, tuple[str, str]]:
    """Each file (absolute path) some page includes other than as a block of its own -> (the first such including
    line, `docs/index.md:5`; how: `inline, with text on its line`, as site.guarded_includes gives them). Read once per
    process and site; {} without the plugin (Site.include_markdown: its entry's options)."""
    return _pastes(site).partial


@dataclass(frozen=True)
class Pasting:
    """The pages that paste a file whole, as a block of its own (absolute paths), with what reading them needs: the
    plugin's options and the site's docs_dir."""

    pages: tuple[str, ...]
    options: dict
    docs_dir: str


def pasting_of(site, path: str) -> Pasting | None:
    """The Pasting of a file (absolute path) some page pastes whole, else None."""
    pages = _pastes(site).whole.get(path)
    return Pasting(tuple(pages), dict(site.include_markdown or {}), str(site.docs_dir)) if pages else None


def _pastes(site) -> _Pastes:
    """The site's _Pastes, read once per process and site."""
    found = _FOUND.get(site.config_file)
    if found is None:
        found = _FOUND[site.config_file] = _read_pastes(site)
    return found


def _plugin(options):
    """(the plugin's directive module, its options, its two directives' patterns), or None (no plugin entry: None
    options; or the plugin not installed here: the site cannot be built here either, and its build says so)."""
    if options is None:
        return None
    try:
        from mkdocs_include_markdown_plugin import directive
    except ImportError:
        return None
    options = options if isinstance(options, dict) else {}
    names = {**{"include": "include", "include-markdown": "include-markdown"}, **(options.get("directives") or {})}
    tags = [directive.create_include_tag(str(options.get("opening_tag") or "{%"),
                                         str(options.get("closing_tag") or "%}"), names.get(tag, tag))
            for tag in ("include", "include-markdown")]
    return directive, options, tags


def _directives(text: str, tags) -> list[re.Match]:
    """The page's directives of both kinds, in order."""
    return list(_found_directives(text, tuple(tags)))


# Kept by (text, patterns) for the last few: fix reads each page that pastes a file whole for each such file it
# converts (pages_pasting), and the plugin's directive pattern is slow on a long page (TRaSH-Guides: 790 readings of
# its pages by 474 files took 53 of 767 profiled s; a worker meets the same few pages again and again).
@lru_cache(maxsize=64)
def _found_directives(text: str, tags: tuple) -> tuple[re.Match, ...]:
    """_directives' matches."""
    return tuple(sorted((match for tag in tags for match in tag.finditer(text)), key=lambda match: match.start()))


def _pasted_files(page: Path, match: re.Match, docs_dir: str, directive, options: dict) -> list[str]:
    """The files a directive pastes, as the plugin resolves them (absolute paths; [] where it fails: a bad glob or
    order, which the build reports)."""
    filename = directive.parse_filename_argument(match)[0]
    try:
        paths = directive.resolve_file_paths_to_include(filename or "", str(page), docs_dir, [],
                                                        str(options.get("order") or "alpha-path"))[0]
    except Exception:
        return []
    return [os.path.abspath(path) for path in paths]


def _read_pastes(site) -> _Pastes:
    """_pastes' work: every page under docs_dir read for the plugin's directives (its own patterns and path
    resolution), each directive judged by _how_partial."""
    pastes, plugin = _Pastes(), _plugin(site.include_markdown)
    if plugin is None:
        return pastes
    directive, options, tags = plugin
    for page, text in pages_holding(site, str(options.get("opening_tag") or "{%")):
        matches = _directives(text, tags)
        if not matches:
            continue
        blocks = _alone_in_blocks(text, matches, site)
        for match, alone in zip(matches, blocks, strict=True):
            how = _how_partial(text, match, alone, options, directive)
            line = text.count("\n", 0, _opening(match)) + 1
            place = f"{shown_file(page)}:{line}"
            for path in _pasted_files(page, match, str(site.docs_dir), directive, options):
                if how is not None:
                    pastes.partial.setdefault(path, (place, how))
                elif str(page.resolve()) not in pastes.whole.setdefault(path, []):
                    pastes.whole[path].append(str(page.resolve()))
    _read_nested_pastes(pastes, str(site.docs_dir), directive, options, tags)
    return pastes


# How a file is pasted that only a pasted file pastes (includes.partial_includes' `how`): the pages show it through
# that file, where fix's verification, which pastes this file into the pages' own directives' places, cannot see it.
NESTED_PASTE = "nested"


def _read_nested_pastes(pastes: _Pastes, docs_dir: str, directive, options: dict, tags) -> None:
    """The files that files pages paste paste in turn, at any depth, and no page pastes itself: partial, NESTED_PASTE,
    at the first directive of a pasted file that pastes them (Kometa's award pages paste a template that pastes the
    file holding the table)."""
    encoding = str(options.get("encoding") or "utf-8")
    pasted = [(path, text) for path in [*pastes.whole, *pastes.partial] if (text := _read(path, encoding)) is not None]
    for including, text, match, path, _ in _pastes_within(pasted, docs_dir, directive, options, tags, recursive=True):
        if path not in pastes.whole and path not in pastes.partial:
            pastes.partial[path] = (f"{shown_file(including)}:{text.count(chr(10), 0, _opening(match)) + 1}",
                                    NESTED_PASTE)


def _pastes_within(starts: list[tuple[str, str]], docs_dir: str, directive, options: dict, tags, *, recursive: bool):
    """Each paste of the texts' directives and, recursive, of the files they paste, at any depth: (the including file,
    its text, the directive, a file it pastes as the plugin resolves it, that file's text or None where it cannot be
    read), breadth first from starts ((path, text): the texts whose directives are read first). Each file is read
    and its directives walked once however many files paste it."""
    from collections import deque

    encoding = str(options.get("encoding") or "utf-8")
    texts: dict[str, str | None] = dict(starts)
    pending = deque(starts)
    while pending:
        including, text = pending.popleft()
        for match in _directives(text, tags):
            for path in _pasted_files(Path(including), match, docs_dir, directive, options):
                if path not in texts:
                    texts[path] = _read(path, encoding)
                    if recursive and texts[path] is not None:
                        pending.append((path, texts[path]))
                yield including, text, match, path, texts[path]


def _read(path: str, encoding: str) -> str | None:
    """A pasted file's text in the plugin's encoding; None where it cannot be read (the build says so)."""
    try:
        return Path(path).read_text(encoding=encoding)
    except (OSError, UnicodeDecodeError, LookupError):
        return None


def pasted_lines(page: str, text: str, options: dict, docs_dir: str) -> dict[str, list[str]]:
    """The lines of each file the page's directives paste, and the files' own directives in turn (absolute path ->
    lines), as the plugin resolves them (a file's directive relative to that file): where the build finds a table in
    pasted text, the file's line that holds it (Kometa's award pages paste a template that pastes the table's file).
    {} without the plugin here."""
    plugin = _plugin(options)
    if plugin is None:
        return {}
    directive, options, tags = plugin
    found: dict[str, list[str]] = {}
    recursive = options.get("recursive", True) is not False  # else a pasted file's directives are pasted as text
    for _, _, _, path, own in _pastes_within([(page, text)], docs_dir, directive, options, tags, recursive=recursive):
        if own is not None and path not in found:
            found[path] = _spliced_lines(own, tags)
    return found


def _spliced_lines(text: str, tags) -> list[str]:
    """A pasted file's lines with those of its own directives SPLICED: the plugin pastes their files in their place
    (rye's installer options, pasted into a file a page pastes), so the lines after one are not the file's."""
    from .mapping import SPLICED, lines_of

    lines = lines_of(text)
    for match in _directives(text, tags):
        first = text.count("\n", 0, _opening(match))
        lines[first:first + match.group().count("\n") + 1] = [SPLICED] * (match.group().count("\n") + 1)
    return lines


def _opening(match: re.Match) -> int:
    """Where a directive's opening tag is (its match starts with the includer's indent)."""
    return match.start("_includer_indent") + len(match["_includer_indent"])


def pages_pasting(pasting: Pasting, path: str):
    """A function from a text of this file to the pages that paste it whole, as the plugin would show them with that
    text in the file: (the page's first such line, `docs/index.md:3`; the page's text with each such directive
    replaced by the text, its lines after the first indented as the directive). The pages are read once, here.
    What else the plugin does to a pasted text (relative links rewritten, heading offsets) is left out: it is the
    same before and after a conversion, which is what is compared."""
    directive, options, tags = _plugin(pasting.options)
    readings = []  # (place, the page's text in pieces: text, the indent of each paste of this file, text, ...)
    for page in pasting.pages:
        try:
            text = Path(page).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        pieces, end, first = [], 0, None
        for match in _directives(text, tags):
            if os.path.abspath(path) not in _pasted_files(Path(page), match, pasting.docs_dir, directive, options):
                continue
            start = _opening(match)
            pieces += [text[end:start], match["_includer_indent"]]
            end, first = match.end(), first or text.count("\n", 0, start) + 1
        if first is not None:
            readings.append((f"{shown_file(page)}:{first}", [*pieces, text[end:]]))

    def shown(own: str) -> list[tuple[str, str]]:
        return [(place, "".join(own.replace("\n", "\n" + piece) if index % 2 else piece
                                for index, piece in enumerate(pieces)))
                for place, pieces in readings]
    return shown


class NotFetched(Exception):
    """A page pastes a file from a URL: house-tables reads no URL (check reads it as empty), so no change to that page
    can be verified (PastedReading.unfetched)."""


_LOG = logging.getLogger("mkdocs.plugins.include_markdown")  # the plugin's logger


class Paster:
    """The site's mkdocs-include-markdown-plugin as the build runs it on a page: the plugin's own on_page_markdown
    (whatever its version or fork: Kometa's adds `replace=` and `include-tags=`), with the site's options. Called
    with a page's path and text: (the text as the build reads it, the files pasted into it at any depth: absolute
    paths, the URLs it names files by). A file named by URL is not fetched: it is read as empty."""

    def __init__(self, plugin, docs_dir: str, tags):
        self.plugin, self.docs_dir, self.tags = plugin, docs_dir, tags

    def directs(self, text: str) -> bool:
        """Whether the text holds a directive of the plugin (else it is pasted as it is)."""
        return bool(_directives(text, self.tags))

    def __call__(self, path: str, text: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        from types import SimpleNamespace

        from mkdocs_include_markdown_plugin import process

        page = SimpleNamespace(file=SimpleNamespace(abs_src_path=os.path.abspath(path)))
        watcher = self.plugin._files_watcher  # where the plugin notes each file it reads (for `mkdocs serve`)
        watcher.included_files, urls = [], []
        fetch, process.read_url = process.read_url, lambda url, *_, **__: urls.append(url) or ""
        said, _LOG.disabled = _LOG.disabled, True  # its warnings are the build's to give (a `start=` not found)
        try:
            pasted = self.plugin.on_page_markdown(text, page=page, config=SimpleNamespace(docs_dir=self.docs_dir),
                                                  files=None)
        finally:
            process.read_url, _LOG.disabled = fetch, said
        return pasted, tuple(dict.fromkeys(os.path.abspath(read) for read in watcher.included_files)), tuple(urls)


def paster(pasting: tuple[dict, str]) -> Paster | None:
    """The site's Paster (pasting: the plugin entry's options and docs_dir); None without the plugin here, or with
    options it refuses (the build fails on them too)."""
    plugin = _plugin(pasting[0])
    if plugin is None:
        return None
    from mkdocs_include_markdown_plugin.plugin import IncludeMarkdownPlugin

    instance = IncludeMarkdownPlugin()
    if instance.load_config(dict(pasting[0]))[0]:
        return None
    return Paster(instance, os.path.abspath(pasting[1]), plugin[2])


def _how_partial(text: str, match: re.Match, alone: bool, options: dict, directive) -> str | None:
    """How a directive includes its file other than whole, as a block of its own at its place; None when it does.
    alone: the directive, rendered in its place, is a paragraph by itself (not in code, not with other text)."""
    start = _opening(match)
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", match.end())
    before, after = text[line_start:start], text[match.end(): len(text) if line_end < 0 else line_end]
    if before.strip(" \t") or after.strip(" \t"):
        return "inline, with text on its line"
    arguments = match["arguments"] or ""
    if any(directive.ARGUMENT_REGEXES[name]().search(arguments) or options.get(name) for name in ("start", "end")):
        return "in part (start= or end=)"
    if before and not _true(directive.ARGUMENT_REGEXES["preserve-includer-indent"]().search(arguments),
                            options.get("preserve_includer_indent", True)):
        return "indented without its indent (preserve-includer-indent false)"
    if not alone:
        return "where it is no block of its own (in code, or in a paragraph)"
    return None


def _true(argument: re.Match | None, default: object) -> bool:
    """A boolean directive argument's value (`true`/`false`), else the plugin's option."""
    if argument is None:
        return bool(default)
    return argument.group(1).lower() != "false"


def _alone_in_blocks(text: str, matches: list[re.Match], site) -> list[bool]:
    """For each directive, whether the page rendered with the site's stack, each directive replaced by a word of its
    own, shows that word as a whole paragraph: the directive's line is a block of its own, neither code nor part
    of other text. A page that cannot be rendered here counts as none."""
    from .rendering.fragments import render_python_markdown

    pieces, end = [], 0
    for number, match in enumerate(matches):
        pieces += [text[end:_opening(match)], _SENTINEL.format(number)]
        end = match.end()
    pieces.append(text[end:])
    try:
        html = render_python_markdown("".join(pieces), tuple(site.extensions), site.extension_configs)
    except Exception:  # the site's stack fails on the page outside a build: judge every directive partial
        return [False] * len(matches)
    return [html.count(word := _SENTINEL.format(number)) == 1 and f"<p>{word}</p>" in html
            for number in range(len(matches))]


_GLOB = re.compile(r"[*?\[]")  # a directive naming files by a pattern: a file added later may match it


class _Pasted(NamedTuple):
    """A text as PastedReading reads it: as pasted, where its pasted text's findings are placed (pasted_files), the
    files pasted (read: None where the result depends on more than their bytes) and the URLs named (read as empty)."""

    text: str
    files: dict[str, list[str]]
    read: tuple[str, ...] | None
    urls: tuple[str, ...]


class PastedReading:
    """What check reads of a page of a site that pastes files with include-markdown, as a rewrite of its text (the
    parsing's rewrite): the page as the build reads it (Paster; a file named by URL read as empty: check fetches
    nothing), then `then` (the site's hooks and rewriting plugins; None: none). After a call, for that text:
    pasted_files, where the findings of pasted text are placed (pasted_lines: the map the build itself places them
    by, PageContext.pasted); read, every file pasted at any depth, whose bytes the cache keeps the result under too
    (None: the result depends on more than bytes, or the plugin failed on the page: not kept). fix verifies the page
    through it as it verifies any rewrite (convert._page_change), and through unfetched."""

    # who rewrites the page, as fix's HT009 names it (convert._page_change): the pasted text is what differs
    rewriter = "a hook or plugin of the site (include-markdown, pasting files into this page)"

    def __init__(self, paste: Paster, path: str, pasting: tuple[dict, str], then=None):
        self.paste, self.path, self.pasting, self.then = paste, path, pasting, then
        self.pasted_files: dict[str, list[str]] = {}
        self.read: tuple[str, ...] | None = ()
        # each text pasted, as pasted: check reads a page up to three times (its scan, its hand-written tables, the
        # cache's key), fix a few more (the page, its conversion, what verifies it), and the plugin's pasting is
        # most of check's time on such a site (Kometa: 219 of 330 profiled seconds)
        self._texts: dict[str, _Pasted] = {}

    def __call__(self, text: str) -> str:
        self.pasted_files, self.read = {}, None  # until the plugin has pasted (it raises where the build fails)
        known = self._reading(text)
        self.pasted_files, self.read = known.files, known.read
        return known.text if self.then is None else self.then(known.text)

    def _reading(self, text: str) -> _Pasted:
        """The text's _Pasted, kept for the first few texts (the plugin raises where the build fails)."""
        known = self._texts.get(text)
        if known is None:
            known = self._pasted(text)
            if len(self._texts) < 8:
                self._texts[text] = known
        return known

    def _pasted(self, text: str) -> _Pasted:
        """The text as the plugin pastes files into it, once per text."""
        if not self.paste.directs(text):
            return _Pasted(text, {}, (), ())
        pasted, read, urls = self.paste(self.path, text)
        return _Pasted(pasted, pasted_lines(self.path, text, *self.pasting),
                       None if self._globbed(text, read) else read, urls)

    def of(self, text: str) -> tuple[dict[str, list[str]], tuple[str, ...] | None]:
        """(pasted_files, read) of a text, as a call would leave them."""
        known = self._known(text)
        return ({}, None) if known is None else (known.files, known.read)

    def unfetched(self, text: str) -> list:
        """convert's contexts reader for this page: none other shows it, but where its pasting names a file by URL,
        which house-tables does not fetch (check reads it as empty), no change to the page can be verified (its
        text could define what the page's tables read: an abbreviation, a link reference): NotFetched says so."""
        known = self._known(text)
        if known is not None and known.urls:
            raise NotFetched(f"{shown_file(os.path.abspath(self.path))} pastes {known.urls[0]}, which house-tables "
                             "does not fetch")
        return []

    def pastes_within(self, text: str, first: int, last: int) -> bool:
        """Whether a directive of the page (text) starts at one of its lines first..last."""
        return any(first <= text.count("\n", 0, match.start()) + 1 <= last
                   for match in _directives(text, self.paste.tags))

    def _known(self, text: str) -> _Pasted | None:
        """A text's _Pasted, pasted now if it was not; None where the plugin fails on it (the build fails there too,
        and the scan reads the page as written). A text that reads as the scan read it (line endings LF, no BOM, a
        last line ending: Source.normalized) counts: the same directives name the same files and URLs."""
        known = self._texts.get(text) or self._texts.get(Source.parse(text).normalized())
        if known is None:
            try:
                known = self._reading(text)
            except Exception:  # the plugin's own error, whatever it raises (as parsing.pymd.rewritten)
                return None
        return known

    def _globbed(self, text: str, read: tuple[str, ...]) -> bool:
        """Whether a directive of the page, or of a file pasted into it, names its files by a glob pattern."""
        return _names_by_glob(text, self.paste.tags) or any(self._file_globbed(path) for path in read)

    def _file_globbed(self, path: str) -> bool:
        """_names_by_glob of a pasted file, known once per process and version of the file (Kometa pastes one
        template into 53 pages; the plugin's directive pattern reads a file in about 18 ms)."""
        try:
            info = os.stat(path)
            key = (path, info.st_size, info.st_mtime_ns, self.paste.tags[0].pattern)
        except OSError:
            return True  # gone since the plugin read it: say nothing of the result's bytes
        if key not in _GLOBBED:
            if len(_GLOBBED) > 4096:
                _GLOBBED.clear()
            try:
                own = Path(path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                return True
            _GLOBBED[key] = _names_by_glob(own, self.paste.tags)
        return _GLOBBED[key]


_GLOBBED: dict[tuple, bool] = {}


def _names_by_glob(text: str, tags) -> bool:
    """Whether a directive of the text names its files by a glob pattern."""
    from mkdocs_include_markdown_plugin import directive

    return any(_GLOB.search(directive.parse_filename_argument(match)[0] or "") for match in _directives(text, tags))


_READING_PASTERS: dict[str, Paster | None] = {}


def pasted_reading(pasting: tuple[dict, str] | None, path: str, text: str, then=None):
    """check's PastedReading of a page with this text (pasting: the site's include-markdown options and docs_dir),
    else `then` (no plugin entry, the plugin not installed here, or no directive in the text: nothing pasted). Its
    Paster is made once per process and options."""
    if pasting is None or str(pasting[0].get("opening_tag") or "{%") not in text:  # the directives' opening tag
        return then
    key = repr(pasting)
    if key not in _READING_PASTERS:
        _READING_PASTERS[key] = paster(pasting)
    paste = _READING_PASTERS[key]
    return then if paste is None or not paste.directs(text) else PastedReading(paste, path, pasting, then)
