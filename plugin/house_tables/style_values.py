"""What a custom_style value may be: a CSS color, a padding of CSS lengths, a numeric font weight. Parsed with
tinycss2 (CSS Syntax Level 3 and CSS Color Level 4), so only a real value of its kind passes: no quote, bracket or
markup can reach a style attribute."""

from __future__ import annotations

import tinycss2
import tinycss2.color4

LENGTH_UNITS = frozenset({"px", "em", "rem", "ex", "ch", "lh", "rlh", "vw", "vh", "vmin", "vmax", "cm", "mm", "q",
                          "in", "pt", "pc"})


def is_color(value) -> bool:
    """A CSS color: a name, #hex, rgb()/hsl()/hwb()/lab()/lch()/oklab()/oklch()/color(), transparent."""
    return isinstance(value, str) and _single(value) is not None and tinycss2.color4.parse_color(value) is not None


def is_padding(value) -> bool:
    """One to four lengths (or percentages, or 0), as the CSS padding shorthand takes them."""
    if not isinstance(value, str):
        return False
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    return 1 <= len(tokens) <= 4 and all(_is_length(token) for token in tokens)


def is_weight(value) -> bool:
    """A numeric CSS font weight: a whole number from 1 to 1000 (written unquoted into JSX, so not a string)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000


def _is_length(token) -> bool:
    """A non-negative length, percentage or zero."""
    if token.type == "dimension":
        return token.lower_unit in LENGTH_UNITS and token.value >= 0
    if token.type == "percentage":
        return token.value >= 0
    return token.type == "number" and token.value == 0


def _single(value: str):
    """The one component a value consists of (None for none or several)."""
    tokens = [t for t in tinycss2.parse_component_value_list(value) if t.type not in ("whitespace", "comment")]
    return tokens[0] if len(tokens) == 1 else None
