"""Where the CommonMark CJK-friendly amendments (remark-cjk-friendly, which Rspress runs by default) read emphasis
and strikethrough delimiters otherwise than CommonMark: `这是**“引号”**文本` is strong there, text here.

house-tables reads cells as CommonMark does; a cell whose reading the amendments change would be written (as
`<strong>`, or with its `*` escaped) as house-tables reads it, not as the site shows it. The amendments change only
whether a delimiter run is left- or right-flanking (their specification, section 6.2), so both classifications are
computed for each run of `*`, `_` or `~` and compared.
"""

from __future__ import annotations

import re
import unicodedata

_RUN = re.compile(r"\*+|_+|~+")
_VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))


def cjk_friendly_differs(text: str) -> bool:
    """Whether a delimiter run of text may open or close emphasis (or strikethrough) under the CJK-friendly
    amendments and not under CommonMark, with a run of the same character on the side it would pair with: the
    amendments only widen what flanks, so `**粗体**，`, whose closing run may also open there, reads the same with
    no run after it. A variation selector beside a run counts as a difference (the amendments read it with the
    character before it), and so does any change to a `_` run, whose rules weigh both sides: the answer errs
    towards True."""
    runs = list(_RUN.finditer(text))
    for index, run in enumerate(runs):
        before = text[run.start() - 1] if run.start() else None
        after = text[run.end()] if run.end() < len(text) else None
        (left, right), (cjk_left, cjk_right) = (_flanking(before, after, cjk) for cjk in (False, True))
        earlier = any(other.group()[0] == run.group()[0] for other in runs[:index])
        later = any(other.group()[0] == run.group()[0] for other in runs[index + 1:])
        if _selector(before) or _selector(after):
            return True
        if run.group()[0] == "_" and (left, right) != (cjk_left, cjk_right) and (earlier or later):
            return True
        if (cjk_left != left and later) or (cjk_right != right and earlier):
            return True
    return False


def _flanking(before: str | None, after: str | None, cjk: bool) -> tuple[bool, bool]:
    """Whether a run between before and after (None: a line's edge, whitespace) is left- and right-flanking, by
    CommonMark 0.31's rules or (cjk) the amendments', where only non-CJK punctuation counts as punctuation beside
    a run, and a CJK character outside it lets the run open or close before punctuation inside it."""
    def punct(ch: str | None) -> bool:
        return _punctuation(ch) and not (cjk and _cjk(ch))

    def outside(ch: str | None) -> bool:  # what may stand outside a run whose inside is punctuation
        return _whitespace(ch) or punct(ch) or (cjk and _cjk(ch))

    left = not _whitespace(after) and (not punct(after) or outside(before))
    right = not _whitespace(before) and (not punct(before) or outside(after))
    return left, right


def _whitespace(ch: str | None) -> bool:
    return ch is None or ch in "\t\n\f\r" or unicodedata.category(ch) == "Zs"


def _punctuation(ch: str | None) -> bool:
    return ch is not None and unicodedata.category(ch)[0] in "PS"


def _cjk(ch: str | None) -> bool:
    """A CJK character by the amendments: East Asian Width W, F or H, or Hangul (emoji with width W count too here,
    which the amendments leave out: a difference found for them is a refusal, never a wrong conversion)."""
    if ch is None:
        return False
    return unicodedata.east_asian_width(ch) in ("W", "F", "H") or unicodedata.name(ch, "").startswith("HANGUL")


def _selector(ch: str | None) -> bool:
    return ch is not None and any(low <= ord(ch) <= high for low, high in _VARIATION_SELECTORS)
