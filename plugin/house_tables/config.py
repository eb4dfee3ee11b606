"""What a conversion is configured with (the options that set it are in options.py, the one schema)."""

from __future__ import annotations

from typing import NamedTuple

WIDTH_POLICIES = ("content", "equal")
PRESETS = ("house", "plain")
LEVELS = ("warning", "info", "error", "ignore")  # how findings are reported (plugin and CLI)


def reported_level(code: str, severity: str, level: str, levels: dict[str, str]) -> str:
    """The level a finding is reported at: its code's own level, else `level`, but error-severity codes stay errors."""
    return levels.get(code, "error" if severity == "error" else level)


# What a house cell holds where a pipe cell held a `[title][identifier]` reference that no definition on the page
# resolves: the brackets escaped, to stay text. mkdocs-autorefs (also run by mkdocstrings) resolves such a reference
# across the site in MkDocs' build, which fix's render cannot see (site.Site.template_markers, convert.py).
CROSS_REFERENCE_MARKER = "]\\["

# What a house cell holds where a pipe cell held a `[[page]]` wiki link: the brackets escaped. A wiki-link plugin
# (mkdocs-ezlinks, mkdocs-roamlinks, mkdocs-obsidian-bridge) links it in on_page_markdown, in MkDocs' build only.
WIKI_LINK_MARKER = "\\[\\["


class TemplateMarker(NamedTuple):
    """What opens a template expression (or a link a plugin makes) in a site's pages, and the plugins that read it
    there, by their names under `plugins:` (HT009 names them: `{{` is markdownextradata's as well as the macros
    plugin's)."""

    text: str
    plugins: tuple[str, ...]
    kind: str = "expression"  # what it opens, as HT009 names it: "expression", "statement" ({%) or "comment" ({#)


class ConfigError(ValueError):
    """An option that does not exist or has a bad value; the message names the key."""


class Style(NamedTuple):
    """How a converted table looks; `styled=False` is the bare `plain` preset."""

    styled: bool = True
    accent: str = "#d55816"
    backgrounds: tuple[str, str] = ("rgba(255,255,255,0.02)", "rgba(255,255,255,0.05)")
    header_padding: str = "10px 12px"
    body_padding: str = "9px 12px"
    header_weight: int = 700
    first_column_weight: int | None = 500
    header_nowrap: bool = True


class Config(NamedTuple):
    """Options of a conversion."""

    style: Style = Style()
    widths: str = "content"

    @classmethod
    def from_mapping(cls, options: dict, where: str = "configuration") -> Config:
        """The conversion options (`style`, `widths`, `custom_style`) of a mapping, validated by the one schema;
        a ConfigError names `where` and the option."""
        from .options import conversion_options  # options.py builds on this module

        return conversion_options(options, where)

    @classmethod
    def of(cls, style: str = "house", widths: str = "content", custom_style: dict | None = None) -> Config:
        """The conversion options of validated option values (see options.py): a preset with custom_style on top."""
        preset = Style() if style == "house" else Style(styled=False)
        custom = {key: custom_style_value(key, value) for key, value in (custom_style or {}).items()}
        return cls(style=preset._replace(**custom), widths=widths)


def custom_style_value(key: str, value):
    """A custom_style value checked for its kind (it is written into every converted table's style attributes, so
    anything but a color, a length or a weight must not get there); a ValueError says what it must be."""
    from .style_values import is_color, is_padding, is_weight

    if key == "accent" and is_color(value):
        return value
    if key == "backgrounds" and isinstance(value, (list, tuple)) and len(value) == 2 and all(map(is_color, value)):
        return tuple(value)
    if key.endswith("_padding") and is_padding(value):
        return value
    if key.endswith("_weight") and (is_weight(value) or (value is None and key == "first_column_weight")):
        return value
    if key == "header_nowrap" and isinstance(value, bool):
        return value
    raise ValueError(f"{key} must be {_STYLE_KINDS[key]}, not {value!r}")


_STYLE_KINDS = {
    "accent": "a CSS color (e.g. #d55816, rgb(213 88 22), teal)",
    "backgrounds": "a list of two colors, each a CSS color",
    "header_padding": "one to four CSS lengths (e.g. 10px 12px)",
    "body_padding": "one to four CSS lengths (e.g. 9px 12px)",
    "header_weight": "a font weight: a whole number from 1 to 1000",
    "first_column_weight": "a font weight (a whole number from 1 to 1000) or null",
    "header_nowrap": "true or false",
}
