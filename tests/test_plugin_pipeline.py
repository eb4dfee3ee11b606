"""Real MkDocs builds: the plugin changes nothing it does not own, misses no table MkDocs renders, and the house
tables it renders take part in MkDocs' own processing (links, images, anchors, footnotes, search)."""

import pytest

from sites import build_both, build_site, house_styled, search_texts, unstyled, write_site

RAW_HTML_TABLE = """# Raw

<table>
<tr><td><code>__fields__</code></td><td><kbd>\\</kbd></td><td>a \\- b \\(c\\)</td></tr>
</table>

<table style="color: red">
<tr><td>**not markdown**</td><td>x_y_z</td></tr>
</table>
"""

HOUSE_TABLE = """<table style={{width: "100%", borderCollapse: "collapse", tableLayout: "fixed"}}>
  <colgroup>
    <col style={{width: "50%"}} />
    <col style={{width: "50%"}} />
  </colgroup>
  <thead>
    <tr style={{borderBottom: "2px solid #d55816"}}>
      <th style={{textAlign: "left"}}>Link</th>
      <th style={{textAlign: "left"}}>Image</th>
    </tr>
  </thead>
  <tbody>
    <tr>
      <td style={{padding: "9px 12px"}}>CELL1</td>
      <td style={{padding: "9px 12px"}}>CELL2</td>
    </tr>
  </tbody>
</table>"""


def house_table(first: str, second: str, indent: str = "") -> str:
    """A hand-written house JSX table with two cells, every line indented."""
    table = HOUSE_TABLE.replace("CELL1", first).replace("CELL2", second)
    return "\n".join(indent + line if line else line for line in table.split("\n"))


def test_raw_html_tables_are_left_exactly_as_mkdocs_renders_them(tmp_path):
    """1. A hand-written HTML table is the author's HTML: no Markdown read into it, no escape lost."""
    without, with_plugin = build_both(tmp_path, {"index.md": RAW_HTML_TABLE})
    assert with_plugin.pages["index.html"] == without.pages["index.html"]
    cell = with_plugin.main("index.html").find("code")
    assert str(cell) == "<code>__fields__</code>"


@pytest.mark.parametrize("opener", ["```html", '```html title="example.html"', '```jsx hl_lines="1"',
                                    '```mdx linenums="1"', "~~~"])
def test_tables_in_code_examples_stay_code(tmp_path, opener):
    """2. An HTML or house JSX table shown in a fence (with fence options) stays an escaped example."""
    closer = "~~~" if opener == "~~~" else "```"
    example = house_table("a\\*b", "<b>x</b>")
    page = f"# Code\n\n{opener}\n{example}\n<table><tr><td>a\\*b</td></tr></table>\n{closer}\n"
    page += "\n    " + house_table("indented", "code", "    ").lstrip() + "\n"
    without, with_plugin = build_both(tmp_path, {"index.md": page})
    assert with_plugin.pages["index.html"] == without.pages["index.html"]
    live = [td for td in with_plugin.main("index.html").select("td") if not td.find("pre")]  # line numbers aside
    assert not live  # no live table: the examples are code


def test_tables_after_a_snippet_inside_a_fence_are_found(tmp_path):
    """3. A snippet that expands inside a fence does not hide the tables after it (lines are those MkDocs read)."""
    page = ("# P\n\n```python\n--8<-- \"long.py\"\n```\n\n"
            "| a | b |\n|---|---|\n| 1 | 2 |\n\n| c | d |\n|---|---|\n| 3 | 4 |\n")
    files = {"snippets/long.py": "".join(f"line_{n} = {n}\n" for n in range(40))}
    without, with_plugin = build_both(tmp_path, {"index.md": page}, files=files)
    assert len(house_styled(with_plugin.main("index.html"))) == 2
    assert [f.split(" HT001")[0] for f in with_plugin.findings()] == [
        "house_tables: docs/index.md:7:1:", "house_tables: docs/index.md:11:1:"]
    assert unstyled(with_plugin.pages["index.html"]) == unstyled(without.pages["index.html"])


def test_tables_from_a_snippet_are_reported_at_the_snippet_file(tmp_path):
    """4. A table that comes from another file is reported at that file's line and column; indented by the
    including line, the column is still the file's."""
    page = "# P\n\nIntro.\n\n--8<-- \"SECURITY.md\"\n\n!!! note\n\n    --8<-- \"SECURITY.md\"\n\nEnd.\n"
    files = {"snippets/SECURITY.md": "# Security\n\nText.\n\n  | who | what |\n  |---|---|\n  | a | b |\n"}
    without, with_plugin = build_both(tmp_path, {"index.md": page}, files=files)
    assert [f.split(" HT001")[0] for f in with_plugin.findings()] == [
        "house_tables: snippets/SECURITY.md:5:3:", "house_tables: snippets/SECURITY.md:5:3:"]
    assert len(house_styled(with_plugin.main("index.html"))) == 2
    assert unstyled(with_plugin.pages["index.html"]) == unstyled(without.pages["index.html"])


def test_a_snippet_table_with_no_certain_place_is_reported_at_the_including_line(tmp_path):
    """4. When the included lines are not a verbatim copy of one place (a dedented section), the finding names the
    including line and says so, never a wrong line."""
    page = "# P\n\n--8<-- \"a.md\"\n--8<-- \"b.md\"\n"
    table = "| x | y |\n|---|---|\n| 1 | 2 |\n"
    files = {"snippets/a.md": table, "snippets/b.md": table}
    _, with_plugin = build_both(tmp_path, {"index.md": page}, files=files)
    findings = with_plugin.findings()
    assert len(findings) == 2
    for finding in findings:
        assert finding.startswith("house_tables: docs/index.md:3:1: HT001 ")
        assert "included by one of the lines 3, 4 (a snippet)" in finding


@pytest.mark.parametrize("directory_urls", [True, False])
def test_links_and_images_in_house_tables_are_resolved_and_validated(tmp_path, directory_urls):
    """5. Links and images in a house table are MkDocs content: resolved, validated, in the search index."""
    cells = ('<a href="sub/page.md#anchor">html link</a> [md link](sub/page.md) [up](./sub/page.md#anchor)',
             '<img src="img/x.png" alt="x" /> ![md image](img/x.png) [broken](nope.md)')
    pages = {"index.md": "# Home\n\n" + house_table(*cells) + "\n", "sub/page.md": "# Sub\n\n## Anchor\n"}
    site = write_site(tmp_path, pages, files={"docs/img/x.png": "png"}, use_directory_urls=directory_urls)
    built = build_site(site, tmp_path / "site")
    page = "index.html"
    links = [a["href"] for a in built.main(page).select("td a")]
    target = "sub/page/" if directory_urls else "sub/page.html"
    assert links == [f"{target}#anchor", target, f"{target}#anchor", "nope.md"]
    assert [img["src"] for img in built.main(page).select("td img")] == ["img/x.png", "img/x.png"]
    assert any("'nope.md'" in w and "not found" in w for w in built.warnings())
    assert any("md link" in text for _, text in search_texts(built.search))


def test_footnotes_and_anchors_in_house_tables_work(tmp_path):
    """5. A footnote reference in a cell is the page's footnote; an id in a cell is an anchor; escapes stay inert."""
    page = ("# Home\n\nBefore[^a].\n\n" + house_table('x[^b] <span id="here">target</span>', "\\[^b] \\*lit\\*")
            + "\n\n[^a]: first\n[^b]: second\n")
    pages = {"index.md": page, "other.md": "# Other\n\n[to the cell](index.md#here)\n"}
    built = build_site(write_site(tmp_path, pages), tmp_path / "site")
    main = built.main("index.html")
    refs = [a["href"] for a in main.select("sup a.footnote-ref")]
    assert refs == ["#fn:a", "#fn:b"]
    assert [li["id"] for li in main.select("div.footnote li")] == ["fn:a", "fn:b"]
    cells = main.select("td")
    assert cells[1].get_text() == "[^b] *lit*" and not cells[1].find(["em", "sup"])
    assert main.find(id="here") is not None
    assert not [w for w in built.warnings() if "here" in w]


def test_a_comment_in_a_house_cell_is_left_out_and_the_page_builds(tmp_path):
    """A hand-written house table with `<!-- -->` in a cell stopped the build: its cell's comment became an
    ElementTree comment, which Python-Markdown's inline step and toc read as an element (AttributeError, TypeError).
    Readers see no comment either way: it is left out, the text around it joined."""
    page = "# Home\n\n" + house_table("a<!-- c -->b", "x <!-- multi\nline? no --> y") + "\n"
    built = build_site(write_site(tmp_path, {"index.md": page}), tmp_path / "site")
    cells = built.main("index.html").select("td")
    assert [cell.decode_contents() for cell in cells] == ["ab", "x  y"]


def test_house_tables_in_containers_with_material(tmp_path):
    """Material's theme, admonitions, tabs, list items: the house table is built where it is written."""
    table = house_table("[p](p.md)", "`code`", "    ")
    page = f"# Home\n\n!!! note\n\n{table}\n\n=== \"Tab\"\n\n{table}\n\n- item\n\n{table}\n"
    built = build_site(write_site(tmp_path, {"index.md": page, "p.md": "# P\n"}, theme="material"),
                       tmp_path / "site")
    main = built.main("index.html")
    assert len(house_styled(main)) == 3
    assert [a["href"] for a in main.select("td a")] == ["p/", "p/", "p/"]
    others = [warning for warning in built.warnings() if not warning.startswith("house_tables: ")]
    assert not others  # no link warning; the tables' cells lack house styles: HT012, and they are shown normalised
    assert {warning.split(" ")[2] for warning in built.warnings()} == {"HT012"}


def test_blog_excerpts_are_styled_and_each_table_reported_once_at_its_post(tmp_path):
    """Material's blog renders post excerpts again on its index, archive and category pages (outside those pages'
    own rendering): the tables there are styled, and reported only once, at the post's file."""
    import yaml

    post = ("---\ndate: 2024-01-01\ncategories:\n  - A\n---\n\n# Post\n\n| above | more |\n|---|---|\n| 1 | 2 |\n\n"
            "<!-- more -->\n\n| below | more |\n|---|---|\n| 3 | 4 |\n")
    for name, text in {"docs/index.md": "# Home\n", "docs/blog/index.md": "# Blog\n",
                       "docs/blog/posts/p.md": post}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    config = {"site_name": "t", "theme": {"name": "material"}, "plugins": ["blog", "house-tables"]}
    (tmp_path / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
    built = build_site(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert built.findings() == [
        "house_tables: docs/blog/posts/p.md:9:1: HT001 pipe table (2 columns, 1 row) — the house style forbids "
        "Markdown pipe tables",
        "house_tables: docs/blog/posts/p.md:15:1: HT001 pipe table (2 columns, 1 row) — the house style forbids "
        "Markdown pipe tables",
    ]
    excerpt = built.main("blog/index.html")
    assert [t.find("th").get_text() for t in house_styled(excerpt)] == ["above"]


def test_a_js_string_with_escapes_json_lacks_builds_as_mdx_reads_it(tmp_path):
    """A cell `{'it\\'s'}` or `{"\\x41"}` (escapes JS has and JSON lacks) stopped the build with a JSONDecodeError:
    each is now the text MDX shows for it."""
    page = "# Home\n\n" + house_table("{'it\\'s'}", '{"\\x41\\u{1F600}"} {"a\\/b"}') + "\n"
    built = build_site(write_site(tmp_path, {"index.md": page}), tmp_path / "site")
    cells = built.main("index.html").select("td")
    assert [cell.get_text() for cell in cells] == ["it's", "A\U0001F600 a/b"]
