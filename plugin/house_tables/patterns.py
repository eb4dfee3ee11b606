"""Regular expressions compiled when first used.

`re.compile` runs the pure-Python regex compiler: at a module's top level it was a third of what importing the
build's modules cost (every `mkdocs build` pays it), for patterns most builds never use (MDX, house JSX tables, fences
in cells, pages a plugin rewrote). A `LazyPattern` is compiled by its first use, then answers as the pattern does.
"""

from __future__ import annotations

import re

# What a compiled pattern offers that the package reads (its methods and attributes).
_ATTRIBUTES = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer", "pattern", "flags",
               "groups", "groupindex")


class LazyPattern:
    """`re.compile(pattern, flags)`, done by the first use of the pattern."""

    def __init__(self, pattern: str, flags: int = 0):
        self._source = (pattern, flags)

    def __getattr__(self, name: str):
        """Called only until the first use compiles the pattern: from then on its methods are this object's own
        attributes, found without this call."""
        compiled = re.compile(*self._source)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r})"
