"""Inline CSS (a `style` attribute's value) as declarations: how jsx.py writes a style object, and how a style
attribute is compared (fragments.canonical)."""

from __future__ import annotations


def split_declarations(css: str) -> list[str]:
    """Declarations split at `;` outside quotes and parentheses (`url("a;b")` stays whole)."""
    parts, start, depth, quote = [], 0, 0, ""
    for i, ch in enumerate(css):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(depth - 1, 0)
        elif ch == ";" and not depth:
            parts.append(css[start:i])
            start = i + 1
    parts.append(css[start:])
    return parts


def canonical_style(css: str) -> str:
    """A style attribute's value in a comparable form: its declarations in order (a repeated property is kept: which
    one wins depends on order), each `name: value` with the spaces around them and empty declarations (`a: b;`'s
    trailing `;`) left out, names in lower case but custom properties (`--x`, case-sensitive) as written. Two
    values with the same form set the same properties to the same values. A value with a backslash escape or a
    comment is left as written (split_declarations does not read those: it could join different strings)."""
    if "\\" in css or "/*" in css:
        return css
    declarations = []
    for declaration in split_declarations(css):
        name, colon, value = declaration.partition(":")
        name, value = name.strip(), value.strip()
        if not (name or colon or value):
            continue
        declarations.append(f"{name if name.startswith('--') else name.lower()}{colon} {value}".rstrip())
    return "; ".join(declarations)
