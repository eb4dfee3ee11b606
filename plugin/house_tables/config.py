"""The one typed configuration shared by the MkDocs plugin, the Markdown extension and the CLI."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

WIDTH_POLICIES = ("content", "equal")
PRESETS = ("house", "plain")
LEVELS = ("warning", "info", "error", "ignore")  # how findings are reported (plugin and CLI)


def reported_level(code: str, severity: str, level: str, levels: dict[str, str]) -> str:
    """The level a finding is reported at: its code's own level, else `level`, but error-severity codes stay errors."""
    return levels.get(code, "error" if severity == "error" else level)


class ConfigError(ValueError):
    """An option that does not exist or has a bad value; the message names the key."""


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
    custom = dict(custom)
    names = {f.name for f in fields(Style)} - {"styled"}
    for key in custom:
        if key not in names:
            raise ConfigError(f"{where}: custom_style has no option {key!r} (known: {', '.join(sorted(names))})")
    if "backgrounds" in custom:
        backgrounds = custom["backgrounds"]
        custom["backgrounds"] = tuple(backgrounds) if isinstance(backgrounds, (list, tuple)) else ()
        if len(custom["backgrounds"]) != 2:
            raise ConfigError(f"{where}: custom_style.backgrounds needs exactly two colors")
    return replace(style, **custom)
