"""The one typed configuration shared by the MkDocs plugin, the Markdown extension and the CLI."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .codes import CODES

WIDTH_POLICIES = ("content", "equal")
PRESETS = ("house", "plain")
LEVELS = ("warning", "info", "error", "ignore")  # how findings are reported (plugin and CLI)


def reported_level(code: str, severity: str, level: str, levels: dict[str, str]) -> str:
    """The level a finding is reported at: its code's own level, else `level`, but error-severity codes stay errors."""
    return levels.get(code, "error" if severity == "error" else level)


class ConfigError(ValueError):
    """An option that does not exist or has a bad value; the message names the key."""


def validate_levels(value, where: str) -> dict[str, str]:
    """`levels`: a level per diagnostic code, e.g. {HT003: info}; codes are spelled as the findings show them."""
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: levels must be a table of code = level, not {value!r}")
    for code, level in value.items():
        if code not in CODES:
            upper = str(code).upper()
            hint = f"did you mean {upper!r}?" if upper in CODES else f"known: {', '.join(CODES)}"
            raise ConfigError(f"{where}: levels has no code {code!r} ({hint})")
        if level not in LEVELS:
            raise ConfigError(f"{where}: levels.{code} must be one of {', '.join(LEVELS)}, not {level!r}")
    return dict(value)


@dataclass(frozen=True)
class Style:
    """How a converted table looks; `styled=False` is the bare `plain` preset."""

    styled: bool = True
    accent: str = "#d55816"
    backgrounds: tuple[str, str] = ("rgba(255,255,255,0.02)", "rgba(255,255,255,0.05)")
    header_padding: str = "10px 12px"
    body_padding: str = "9px 12px"
    header_weight: int = 700
    first_column_weight: int | None = 500
    header_nowrap: bool = True


@dataclass(frozen=True)
class Config:
    """Options of a conversion."""

    style: Style = field(default_factory=Style)
    widths: str = "content"

    @classmethod
    def from_mapping(cls, options: dict, where: str = "configuration") -> Config:
        """Validate user options (`style`, `widths`, `custom_style`) into a Config."""
        known = {"style", "widths", "custom_style"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(f"{where}: unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        widths = options.get("widths", "content")
        if widths not in WIDTH_POLICIES:
            raise ConfigError(f"{where}: widths must be one of {', '.join(WIDTH_POLICIES)}, not {widths!r}")
        return cls(style=_style(options, where), widths=widths)


def _style(options: dict, where: str) -> Style:
    """The preset named by `style`, with `custom_style` keys applied on top."""
    preset = options.get("style", "house")
    if preset not in PRESETS:
        raise ConfigError(f"{where}: style must be one of {', '.join(PRESETS)}, not {preset!r}")
    style = Style() if preset == "house" else Style(styled=False)
    custom = options.get("custom_style") or {}
    if not isinstance(custom, dict):
        raise ConfigError(f"{where}: custom_style must be a mapping of style options, not {custom!r}")
    names = {f.name for f in fields(Style)} - {"styled"}
    for key in custom:
        if key not in names:
            raise ConfigError(f"{where}: custom_style has no option {key!r} (known: {', '.join(sorted(names))})")
    return replace(style, **{key: _style_value(key, value, where) for key, value in custom.items()})


def _style_value(key: str, value, where: str):
    """A custom_style value checked for its kind (it is written into every converted table's style attributes, so
    anything but a color, a length or a weight must not get there)."""
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
    raise ConfigError(f"{where}: custom_style.{key} must be {_STYLE_KINDS[key]}, not {value!r}")


_STYLE_KINDS = {
    "accent": "a CSS color (e.g. #d55816, rgb(213 88 22), teal)",
    "backgrounds": "a list of two colors, each a CSS color",
    "header_padding": "one to four CSS lengths (e.g. 10px 12px)",
    "body_padding": "one to four CSS lengths (e.g. 9px 12px)",
    "header_weight": "a font weight: a whole number from 1 to 1000",
    "first_column_weight": "a font weight (a whole number from 1 to 1000) or null",
    "header_nowrap": "true or false",
}
