"""What happens to each table before anything is rendered: its directive, or why it must stay as written.

Light on purpose (no renderer imported): `house-tables check` and the Markdown extension need only this.
"""

from __future__ import annotations

from .config import Config
from .decisions import settle
from .directives import Directive
from .model import Diagnostic, Dialect, Table
from .parsing import scan
from .source import Source
from .widths import content_widths, equal_widths


def planned_diagnostics(text: str, dialect: Dialect | str, *, extensions: tuple[str, ...] | None = None,
                        configs: dict | None = None, cross_check: bool = False,
                        front_matter: bool = False) -> tuple[list[Table], list[Diagnostic]]:
    """The tables and every finding convert gives, except HT009 (which only rendering can find); cross_check
    adds HT007 where the other dialect reads a table differently."""
    result = scan(text, dialect, extensions=extensions, configs=configs, cross_check=cross_check,
                  front_matter=front_matter)
    return list(result.tables), settle(result.tables, Source.parse(text).lines, result.diagnostics)[0]


def column_widths(columns: list[list[str]], config: Config, directive: Directive | None) -> list[int]:
    """Directive widths, else the configured (or directive's) policy over each column's visible texts."""
    if directive and directive.widths:
        return list(directive.widths)
    policy = (directive.policy if directive else None) or config.widths
    if policy == "equal":
        return equal_widths(len(columns))
    return content_widths(columns)


