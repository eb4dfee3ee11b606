"""Limits and character patterns more than one of the scanner's modules reads.

A module that calls a pattern's methods binds it by assignment (`_NONBLANK = syntax._NONBLANK`), not with
`from .syntax import _NONBLANK`: CPython 3.11 compiles `NAME.search(...)` on a name an import binds as a module
attribute load (LOAD_ATTR, a new bound method at each call), on any other global as a method call (LOAD_METHOD).
Imported, the patterns cost the scanner 1% more instructions (bench/mdx_scan.py, 200 pages).
"""

from __future__ import annotations

import re

LABEL_SIZE_MAX = 999  # longest footnote label micromark accepts
_NONBLANK = re.compile(r"[^ \t]")
FOOTNOTE_CALL = re.compile(r"\[\^([^\][ \t]+)\]")  # a footnote call `[^label]` (used by the converter too)
_TABLE_TAG = re.compile(r"<table(?=[\s>/]|$)")  # a JSX tag named table (not <tables>, <table.Row>)
# A line whose first non-blank character (at the top level, nothing open) starts no container, no flow construct
# and no delimiter row: `*x`, `+x`, `[x`, `12x`, `_x`, `` `x `` are no list item, footnote definition, thematic
# break or fence; a letter is paragraph text unless the line may be ESM. A run of them up to a blank line is one
# paragraph: no table, no finding; after a table, a body row (see _skip_idle, _Flow.pass_rows).
_PLAIN_START = (r"(?:[^\s>*+\-\[0-9:<{#_=`~|ei]|\*+[^* \t\n]|\+[^ \t\n]|\[(?!\^)|[0-9]+(?![0-9.)])|_+[^_ \t\n]"
                r"|`{1,2}(?!`)|~{1,2}(?!~)|[ei](?!mport |xport ))")
_BLANK_LINE = re.compile(r"[ \t]*\Z")
