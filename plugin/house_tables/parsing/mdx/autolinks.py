"""Where remark-gfm (MDX) and cmark-gfm (which verifies `.mdx` cells) link an address differently.

GFM links `mailto:user@example.com` and `xmpp:user@example.com/res` whole, and so does cmark-gfm; remark-gfm's
autolink literal (micromark-extension-gfm-autolink-literal 2.1: "To do: `mailto:`, `xmpp:` protocol as prefix")
links only the address after the prefix, with `mailto:`, and leaves the prefix as text. fix writes a cell as
cmark-gfm reads it, so the compiled page would show `mailto:user@example.com` as one link (and an `xmpp:` link's
target would change): such a cell is found here, and its table stays.
"""

from __future__ import annotations

import re

from ..cells import without_code_spans

# The prefix and an address after it, where cmark-gfm reads text (not after a letter or digit, where it links only
# the address as remark-gfm does; not a link's destination `](`, an autolink `<` or an HTML attribute's value).
_PROTOCOL_EMAIL = re.compile(r"(?<![A-Za-z0-9\"'=<])(?<!\]\()(?:mailto|xmpp):[\w+.-]+@[\w-]+\.[\w-]")


def protocol_email(text: str) -> str | None:
    """The first `mailto:`/`xmpp:` address of a cell's Markdown that the two engines link differently, or None."""
    if "mailto:" not in text and "xmpp:" not in text:
        return None
    found = _PROTOCOL_EMAIL.search(without_code_spans(text) if "`" in text else text)
    return None if found is None else found.group(0).split("@")[0] + "@…"
