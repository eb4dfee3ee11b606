"""The house style applied to a table element Python-Markdown built (its cells left exactly as rendered).

Works on any ElementTree-like element (`makeelement`, `set`, `find`, iteration), so this module imports
neither Markdown nor MkDocs.
"""

from __future__ import annotations

from .layout import TableStyles


def restyle(table, styles: TableStyles) -> None:
    """Set each element's style as the house HTML form does, and add the colgroup."""
    _set_style(table, styles.table)
    if styles.cols:
        table.insert(0, _colgroup(table, styles.cols))
    for section, cells in (("thead", styles.header_cells), ("tbody", styles.body_cells)):
        part = table.find(section)
        for row in part if part is not None else ():
            if section == "thead":
                _set_style(row, styles.header_row)
            for index, cell in enumerate(row):  # the element's own attributes: a call less for every cell
                attributes = cell.attrib
                attributes.pop("align", None)
                style = cells[index] if index < len(cells) else ""
                if style:
                    attributes["style"] = style
                else:
                    attributes.pop("style", None)


def _colgroup(table, cols: tuple[str, ...]):
    """`<colgroup>` with one `<col style="width: N%">` per column, laid out one per line."""
    group = table.makeelement("colgroup", {})
    group.text, group.tail = "\n", "\n"
    for style in cols:
        col = group.makeelement("col", {"style": style})
        col.tail = "\n"
        group.append(col)
    return group


def _set_style(element, style: str) -> None:
    """Replace the element's style attribute (removed when the house style sets none)."""
    if style:
        element.set("style", style)
    else:
        element.attrib.pop("style", None)
