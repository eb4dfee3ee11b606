"""Widths, directives, presets and configuration of a conversion."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from house_tables.config import Config, ConfigError
from house_tables.convert import convert
from house_tables.widths import content_widths, display_width, equal_widths

TABLE = "| Flag | What it does | Note |\n|---|---|---|\n| `--port` | where it listens | x |\n"


def _cols(text: str) -> list[str]:
    """The width of each <col> in a converted text."""
    return [line.split('width: "')[1].split('"')[0] for line in text.splitlines() if "<col " in line]


@given(st.lists(st.lists(st.text(max_size=80), min_size=1, max_size=6), min_size=1, max_size=12))
def test_content_widths_are_whole_percents_adding_to_100(columns):
    """Any content gives whole percents >= the floor that add up to exactly 100."""
    widths = content_widths(columns)
    assert sum(widths) == 100 and len(widths) == len(columns)
    assert min(widths) >= min(5, 100 // len(columns))


def test_equal_widths_and_display_width():
    """Equal split puts the remainder leftmost; CJK and emoji count two columns."""
    assert equal_widths(3) == [34, 33, 33]
    assert display_width("中文") == 4 and display_width("👍") == 2 and display_width("é") == 1


def test_directive_sets_widths_and_md_comment_form():
    """`<!-- house-tables: widths=... -->` above a table fixes its widths."""
    text = "<!-- house-tables: widths=30,20,50 -->\n" + TABLE
    assert _cols(convert(text, "python-markdown").text) == ["30%", "20%", "50%"]


def test_directive_mdx_form_and_equal_policy():
    """`{/* house-tables: widths=equal */}` in .mdx picks the equal policy for that table."""
    text = "{/* house-tables: widths=equal */}\n\n" + TABLE
    assert _cols(convert(text, "mdx").text) == ["34%", "33%", "33%"]


def test_directive_off_leaves_the_table_and_silences_it():
    """`off` keeps the table byte for byte and drops its HT001."""
    text = "<!-- house-tables: off -->\n" + TABLE
    result = convert(text, "python-markdown")
    assert result.text == text and result.converted == []
    assert [d.code for d in result.diagnostics] == []


@pytest.mark.parametrize("dialect", ["python-markdown", "mdx"])
def test_directive_in_a_quote_may_have_a_quote_marker_line_between(dialect):
    """In a quote the blank line between directive and table is `>`: the directive still applies (directly above,
    Python-Markdown would read the comment and the rows as one paragraph, and render no table)."""
    quoted = "".join(f"> {line}\n" for line in TABLE.splitlines())
    comment = "<!-- house-tables: off -->" if dialect == "python-markdown" else "{/* house-tables: off */}"
    text = f"> Quote.\n>\n> {comment}\n>\n{quoted}"
    result = convert(text, dialect)
    assert result.text == text and result.converted == [] and len(result.tables) == 1
    assert [d.code for d in result.diagnostics] == []


@pytest.mark.parametrize("body", ["widths=40,60", "widths=a,b,c", "widths=50,50,50", "colour=red", "off now"])
def test_malformed_directive_is_a_diagnostic(body):
    """A directive that cannot be understood leaves the table and reports HT008 at the directive."""
    text = f"<!-- house-tables: {body} -->\n" + TABLE
    result = convert(text, "python-markdown")
    codes = {d.code: d for d in result.diagnostics}
    assert result.text == text and codes["HT008"].position.line == 1


def test_plain_preset_has_no_styles():
    """The plain preset: bare table, thead, tbody; alignment kept; no colgroup."""
    config = Config.from_mapping({"style": "plain"})
    text = convert("| a | b |\n|---|--:|\n| 1 | 2 |\n", "python-markdown", config).text
    assert "<colgroup>" not in text and "padding" not in text and "backgroundColor" not in text
    assert '<td style={{textAlign: "right"}}>2</td>' in text


def test_custom_style_from_configuration():
    """Accent, backgrounds, paddings, first-column weight and nowrap come from configuration."""
    config = Config.from_mapping({"custom_style": {
        "accent": "#123456", "backgrounds": ["#fff", "#eee"], "body_padding": "4px",
        "first_column_weight": None, "header_nowrap": False,
    }})
    text = convert("| a | b |\n|---|---|\n| 1 | 2 |\n", "python-markdown", config).text
    assert "2px solid #123456" in text and 'backgroundColor: "#eee"' in text
    assert '<td style={{padding: "4px", backgroundColor: "#fff"}}>1</td>' in text
    assert "whiteSpace" not in text


@pytest.mark.parametrize("options, key", [
    ({"colour": 1}, "colour"), ({"style": "fancy"}, "fancy"), ({"widths": "auto"}, "auto"),
    ({"custom_style": {"accnt": "#fff"}}, "accnt"), ({"custom_style": {"backgrounds": ["#fff"]}}, "two colors"),
])
def test_bad_configuration_names_the_key(options, key):
    """Unknown options and bad values raise ConfigError naming what is wrong."""
    with pytest.raises(ConfigError, match=key):
        Config.from_mapping(options, "mkdocs.yml")


def test_blocked_table_is_left_with_a_diagnostic():
    """A row whose extra cells would be dropped is not converted (HT010), nothing is lost."""
    text = "| a | b |\n|---|---|\n| 1 | 2 | lost |\n"
    result = convert(text, "python-markdown")
    assert result.text == text and [d.code for d in result.diagnostics].count("HT010") == 1


def test_crlf_bom_and_indent_are_kept():
    """CRLF endings, a BOM and a container's indent stay exactly as they were."""
    text = "\ufeff- item\r\n\r\n    | a | b |\r\n    |---|---|\r\n    | 1 | 2 |\r\n\r\nafter\r\n"
    out = convert(text, "python-markdown").text
    assert out.startswith("\ufeff- item\r\n\r\n    <table ")
    assert out.endswith("    </table>\r\n\r\nafter\r\n")
    assert all(line.startswith("    ") for line in out.split("\r\n")[2:-3])
    assert "\n" not in out.replace("\r\n", "")


@pytest.mark.parametrize("options", [{"custom_style": "x"}, {"custom_style": {"backgrounds": "#fff"}}])
def test_bad_value_types_are_config_errors(options):
    """Values of the wrong type are reported as ConfigError, never a crash."""
    with pytest.raises(ConfigError):
        Config.from_mapping(options, "pyproject.toml")


def test_a_cell_nested_too_deeply_is_declined_in_one_line():
    """3,000 nested spans: HT009 at the cell (no RecursionError), in both dialects; the plugin leaves a hand-written
    house table that deep to Python-Markdown as raw HTML instead of recursing."""
    import markdown

    from house_tables.extension import HouseTablesExtension

    cell = "<span>" * 3000 + "x" + "</span>" * 3000
    for dialect in ("python-markdown", "mdx"):
        result = convert(f"| a | b |\n|---|---|\n| {cell} | y |\n", dialect)
        assert result.text.startswith("| a | b |")
        declined = [d for d in result.diagnostics if d.code == "HT009"]
        assert [(d.span.start.line, d.span.start.column) for d in declined] == [(3, 3)]
        assert declined[0].message == "not converted: tags nested 3000 deep in this cell (at most 100)"
    house = ('<table style={{width: "100%"}}>\n  <tbody>\n    <tr>\n      <td>' + cell
             + "</td>\n    </tr>\n  </tbody>\n</table>\n")
    assert "<td>" + "<span>" * 3 in markdown.markdown(house, extensions=[HouseTablesExtension()])


def test_an_mdx_conversion_that_would_change_the_tables_around_it_is_declined(monkeypatch):
    """The .mdx page check: the converted text is read again as MDX reads it, and a replacement after which the
    other tables are not exactly those left as written (here a writer that leaks a pipe table) is declined."""
    import house_tables.convert as module

    real = module.render_lines
    monkeypatch.setattr(module, "render_lines", lambda *args: [*real(*args), "", "| leaked |", "|---|"])
    text = "| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n\n| c |\n|---|\n| 3 |\n"
    result = convert(text, "mdx")
    assert result.text == text and not result.converted
    declined = [d.message for d in result.diagnostics if d.code == "HT009"]
    assert declined == [f"the other tables would change: 1 left as written, 2 read after it (the first that "
                        f"differs is number {n})" for n in (1, 2)]
