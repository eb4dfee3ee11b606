"""MDX syntax in a `.mdx` cell (`{expressions}`, JSX tags) kept verbatim through Markdown rendering.

In an `.mdx` source a `{...}`, a `<Tag ...>` or a footnote call `[^x]` in a cell already is MDX, so it must
reach the JSX output unchanged; GFM renderers would treat it as text. Each is swapped for a private-use token
before rendering and put back afterwards. Code spans are left alone: MDX shows their text literally.
"""

from __future__ import annotations

import html
import re
from urllib.parse import quote

from ..parsing.mdx import FOOTNOTE_CALL

# A token is punctuation at both ends, as every piece is (`<`...`>`, `{`...`}`, `[`...`]`): an emphasis mark beside it
# opens or closes as beside the piece (`<br />_a_` is emphasis to MDX), which a letter-like private-use character
# would forbid (an underscore between it and a letter is intraword). The private-use characters keep it unique.
TOKEN_START, TOKEN_END = "\u27ec\ue000", "\ue001\u27ed"
_TOKEN = re.compile(TOKEN_START + "(\\d+)" + TOKEN_END)


def token(index: int) -> str:
    """The text that stands for kept piece number index while the cell is rendered."""
    return f"{TOKEN_START}{index}{TOKEN_END}"


_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>|<>|</>")


def protect(text: str) -> tuple[str, list[str]]:
    """Text with each expression and JSX tag outside code spans replaced by a token, and the originals."""
    out, kept, index = [], [], 0
    while index < len(text):
        special = _PIECE_START.search(text, index)  # any other character is a piece of its own, not kept
        end = special.start() if special else len(text)
        if end > index:
            out.append(text[index:end])
            index = end
            continue
        end, keep = _next_piece(text, index)
        if keep:
            out.append(token(len(kept)))
            kept.append(text[index:end])
        else:
            out.append(text[index:end])
        index = end
    return "".join(out), kept


def protect_rows(text: str) -> tuple[str, list[str]]:
    """protect() line by line (an unclosed `{` never reaches into the next row), keeping only pieces without a
    `|`: a pipe inside one splits the row for MDX as for any GFM engine, so the engine must see it."""
    out, kept = [], []
    for line in text.split("\n"):
        protected, pieces = protect(line)
        out.append(_TOKEN.sub(lambda m, p=pieces: _renumbered(p[int(m.group(1))], kept), protected))
    return "\n".join(out), kept


def _renumbered(piece: str, kept: list[str]) -> str:
    """A piece's token in the row-by-row numbering, or the piece itself when it holds a pipe."""
    if "|" in piece:
        return piece
    kept.append(piece)
    return token(len(kept) - 1)


# GFM ends an address it links (`https://example.com/a<br />more`) at the `<` of the tag after it, as MDX does; a
# token is no `<`, so cmark-gfm ran the link on through it and the tag (cloudnative-pg's API reference: a cell's
# `…refer to<br />https://…/<br />for more` read as one link, its table left unverified). A tag's token is rendered
# inside an HTML comment's marks, which cmark-gfm passes through as written, and taken out of them afterwards.
_COMMENT_OPEN, _COMMENT_CLOSE = "<!--", "-->"


def tags_end_links(text: str, kept: list[str]) -> str:
    """text to render: each token of a JSX tag (a piece starting with `<`) inside HTML comment marks."""
    if not any(piece.startswith("<") for piece in kept):
        return text
    return _TOKEN.sub(lambda m: _COMMENT_OPEN + m.group(0) + _COMMENT_CLOSE
                      if kept[int(m.group(1))].startswith("<") else m.group(0), text)


def unwrapped(rendered: str) -> str:
    """Rendered HTML with tags_end_links' comment marks taken off its tokens again: as written, or escaped where
    cmark-gfm writes raw HTML as text (an image's alt, a link's title) or percent-encodes it (a URL)."""
    if TOKEN_START not in rendered and "%" not in rendered:
        return rendered
    return _WRAPPED_TOKEN.sub(lambda m: m.group(1), rendered)


# A token inside a URL, percent-encoded by cmark-gfm: an address GFM links takes `{…}` in (MDX links
# `https://github.com/{owner}/{repo}` whole, braces encoded, and reads no expression there, nor in a link's
# destination).
_ENCODED_TOKEN = re.compile(re.escape(quote(TOKEN_START)) + "(\\d+)" + re.escape(quote(TOKEN_END)))
_WRAPPED_TOKEN = re.compile("(?:<|&lt;|%3C)!--(" + _TOKEN.pattern + "|" + _ENCODED_TOKEN.pattern + ")--(?:>|&gt;|%3E)")
# What cmark-gfm leaves unencoded in a URL (houdini_escape_href); `&` and `'` are then written as entities.
_URL_SAFE = "-_.+!*(),%#@?=;:/$~&'"


def restore(text: str, kept: list[str], shown: list[str] | None = None) -> str:
    """Put the original pieces back in place of their tokens (shown: what each piece is read as where it is not
    in a URL, if not itself); in a URL an expression is its own text, encoded as the engine encodes a URL."""
    if not kept:
        return text
    if "%" in text:
        text = _ENCODED_TOKEN.sub(lambda m: _in_url(kept[int(m.group(1))], m.group(0)), text)
    shown = kept if shown is None else shown
    return _TOKEN.sub(lambda m: shown[int(m.group(1))], text)


def as_written(text: str, kept: list[str]) -> str:
    """text for a message: each token left in it (as it is, or percent-encoded in a URL, where restore leaves a
    piece other than an expression) shown as the piece the user wrote (`[^1]`, `<b>`), not as private-use
    characters; a token of no piece of kept as it is."""
    if TOKEN_START not in text and "%" not in text:
        return text
    def piece(match: re.Match) -> str:
        index = int(match.group(1))
        return kept[index] if index < len(kept) else match.group(0)
    return _TOKEN.sub(piece, _ENCODED_TOKEN.sub(piece, text))


def piece_in_url(text: str, kept: list[str]) -> str | None:
    """The first piece whose token a URL of text holds (percent-encoded), if any."""
    match = _ENCODED_TOKEN.search(text) if "%" in text else None
    return kept[int(match.group(1))] if match and int(match.group(1)) < len(kept) else None


def _in_url(piece: str, encoded_token: str) -> str:
    """An `{expression}` piece in a URL as the engine encodes it; another piece's token stays as it is (so the cell
    is refused): MDX ends a linked address at a footnote call's `]` (`https://x.io/a[^1]` links `…/a[^1`), which
    cmark-gfm takes whole."""
    return html.escape(quote(piece, safe=_URL_SAFE)) if piece.startswith("{") else encoded_token


# The characters a piece _next_piece reads as more than one plain character can start with.
_PIECE_START = re.compile(r"[\\`{<\[]")


def _next_piece(text: str, index: int) -> tuple[int, bool]:
    """End of the piece starting at index and whether it is MDX syntax to keep."""
    char = text[index]
    if char == "\\":
        return min(index + 2, len(text)), False
    if char == "`":
        return _code_span_end(text, index), False
    if char == "{":
        end = _expression_end(text, index)
        return (end, True) if end else (index + 1, False)
    if char == "<":
        match = _TAG.match(text, index)
        return (match.end(), True) if match else (index + 1, False)
    if char == "[":  # a footnote call: MDX (remark-gfm) makes it the page's reference; cmark-gfm would not
        match = FOOTNOTE_CALL.match(text, index)
        return (match.end(), True) if match else (index + 1, False)
    return index + 1, False


def _code_span_end(text: str, index: int) -> int:
    """End of a code span opening at index (or of the backtick run when it is not closed)."""
    run = index
    while run < len(text) and text[run] == "`":
        run += 1
    ticks = run - index
    search = run
    while True:
        found = text.find("`" * ticks, search)
        if found < 0:
            return run
        after = found + ticks
        if (after >= len(text) or text[after] != "`") and text[found - 1] != "`":
            return after
        search = after
        while search < len(text) and text[search] == "`":
            search += 1


def _expression_end(text: str, index: int) -> int | None:
    """End of the balanced `{...}` opening at index, or None."""
    depth = 0
    for position in range(index, len(text)):
        if text[position] == "{":
            depth += 1
        elif text[position] == "}":
            depth -= 1
            if depth == 0:
                return position + 1
    return None
