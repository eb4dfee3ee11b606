"""Source of the engine matrix cases.  Each case: id, group, note, md (exact input text).

Python string literals are used so that CR, TAB, NBSP and trailing spaces are explicit.
Edit this file and run `make cases` to regenerate cases.json (tests/test_engine_matrix.py fails until you do).
"""
# One case per line, however long, so that a case id found in cases.json or a test id greps to its whole input.
# ruff: noqa: E501

def L(*lines, eol="\n"):
    """Join lines with eol and add a final eol."""
    return eol.join(lines) + eol

T2 = ["| a | b |", "|---|---|", "| 1 | 2 |"]  # the basic 2x1 table


def tbl(cell, header="| a | b |", delim="|---|---|"):
    """Two-column table whose first body cell is `cell`."""
    return L(header, delim, f"| {cell} | 2 |")


CASES = [
    # ---------------------------------------------------------------- basic shape / outer pipes
    ("basic-full", "outer", "leading and trailing pipes everywhere", L(*T2)),
    ("basic-no-outer", "outer", "no leading/trailing pipes", L("a | b", "--- | ---", "1 | 2")),
    ("basic-lead-only", "outer", "leading pipes only", L("| a | b", "| --- | ---", "| 1 | 2")),
    ("basic-trail-only", "outer", "trailing pipes only", L("a | b |", "--- | --- |", "1 | 2 |")),
    ("basic-mixed-outer", "outer", "header/delimiter with outer pipes, body without", L("| a | b |", "|---|---|", "1 | 2")),
    ("basic-delim-no-outer", "outer", "header with outer pipes, delimiter without", L("| a | b |", "---|---", "| 1 | 2 |")),
    ("header-only", "outer", "header + delimiter, no body rows", L("| a | b |", "|---|---|")),
    ("header-empty-cells", "outer", "all header cells empty", L("| | |", "|---|---|", "| 1 | 2 |")),
    ("single-col-full", "single", "one column, both outer pipes", L("| a |", "| --- |", "| 1 |")),
    ("single-col-lead", "single", "one column, leading pipe only", L("| a", "| ---", "| 1")),
    ("single-col-trail", "single", "one column, trailing pipe only", L("a |", "--- |", "1 |")),
    ("single-col-none", "single", "one column, no pipes at all (setext heading?)", L("a", "---", "1")),
    ("single-col-delim-pipe", "single", "header without pipe, delimiter `|---|`", L("a", "|---|", "1")),
    ("single-col-body-nopipe", "single", "one column table, body row without pipe", L("| a |", "|---|", "1")),

    # ---------------------------------------------------------------- delimiter row
    ("delim-aligns", "delim", "left/center/right/none", L("| l | c | r | n |", "|:--|:-:|--:|---|", "| 1 | 2 | 3 | 4 |")),
    ("delim-one-dash", "delim", "single dash per cell", L("| a | b |", "|-|-|", "| 1 | 2 |")),
    ("delim-colon-one-dash", "delim", ":- -: :-:", L("| a | b | c |", "|:-|-:|:-:|", "| 1 | 2 | 3 |")),
    ("delim-spaces", "delim", "spaces around delimiter cells", L("| a | b |", "| :--- | ---: |", "| 1 | 2 |")),
    ("delim-inner-space", "delim", "space inside dashes `- -`", L("| a | b |", "| - - | --- |", "| 1 | 2 |")),
    ("delim-colon-only", "delim", "cells are just `:`", L("| a | b |", "|:|:|", "| 1 | 2 |")),
    ("delim-double-colon-middle", "delim", "colon in the middle `-:-`", L("| a | b |", "|-:-|---|", "| 1 | 2 |")),
    ("delim-more-cols", "delim", "delimiter has more cells than header", L("| a | b |", "|---|---|---|", "| 1 | 2 | 3 |")),
    ("delim-fewer-cols", "delim", "delimiter has fewer cells than header", L("| a | b | c |", "|---|---|", "| 1 | 2 | 3 |")),
    ("delim-tabs", "delim", "tabs around delimiter cells", L("| a | b |", "|\t---\t|\t:---:\t|", "| 1 | 2 |")),
    ("delim-header-is-dashes", "delim", "header row itself made of dashes", L("|---|---|", "|---|---|", "| 1 | 2 |")),

    # ---------------------------------------------------------------- ragged rows
    ("ragged-fewer", "ragged", "body rows with fewer cells than header", L("| a | b | c |", "|---|---|---|", "| 1 |", "| 1 | 2 |")),
    ("ragged-more", "ragged", "body row with more cells than header", L("| a | b |", "|---|---|", "| 1 | 2 | 3 | 4 |")),
    ("ragged-empty-rows", "ragged", "rows of empty cells / `||`", L("| a | b |", "|---|---|", "|  |  |", "||")),
    ("ragged-pipe-only-row", "ragged", "body row that is a single `|`", L("| a | b |", "|---|---|", "|", "| 1 | 2 |")),

    # ---------------------------------------------------------------- escapes
    ("esc-pipe", "escape", "`\\|` inside a cell", tbl("x \\| y")),
    ("esc-pipe-header", "escape", "`\\|` inside a header cell", L("| a \\| b | c |", "|---|---|", "| 1 | 2 |")),
    ("esc-pipe-in-code", "escape", "`\\|` inside a code span", tbl("`x \\| y`")),
    ("esc-double-backslash-pipe", "escape", "`\\\\|`: escaped backslash then pipe", tbl("x \\\\| y")),
    ("esc-last-pipe", "escape", "closing pipe escaped `2 \\|`", L("| a | b |", "|---|---|", "| 1 | 2 \\|")),
    ("esc-other", "escape", "other backslash escapes in cells", tbl("\\* \\_ \\` \\\\ \\# \\[x\\]")),
    ("esc-entity-pipe", "escape", "`&#124;` and `&vert;` entities", tbl("x &#124; y &vert; z")),

    # ---------------------------------------------------------------- code spans
    ("code-pipe", "code", "unescaped pipe inside single-backtick code span", tbl("`x|y`")),
    ("code-pipe-double-tick", "code", "unescaped pipe inside double-backtick code span", tbl("``x|y``")),
    ("code-pipe-header", "code", "pipe inside code span in header", L("| `a|b` | c |", "|---|---|", "| 1 | 2 |")),
    ("code-unclosed", "code", "unmatched backtick then pipe", tbl("`x")),
    ("code-escaped-backtick", "code", "escaped backticks around a pipe", tbl("\\`x|y\\`")),
    ("code-spans-two-cells", "code", "code span opened in one cell closed in next", L("| `a | b` |", "|---|---|", "| 1 | 2 |")),
    ("code-shell-pipe", "code", "realistic: shell pipeline in code", L("| cmd | what |", "|---|---|", "| `ls | grep x` | filter |")),

    ("code-entity-in-backticks", "code", "`&#124;` inside a code span", tbl("`a&#124;b`")),
    ("code-html-entity", "code", "<code> element with &#124;", tbl("<code>a&#124;b</code>")),

    # ---------------------------------------------------------------- links / html / autolinks
    ("link-pipe-text", "link", "pipe inside link text", tbl("[x|y](http://e.com)")),
    ("link-pipe-url", "link", "pipe inside link destination", tbl("[x](http://e.com/?a|b)")),
    ("html-pipe-attr", "link", "pipe inside raw HTML attribute", tbl('<span title="x|y">z</span>')),
    ("html-pipe-text", "link", "pipe inside inline HTML element text", tbl("<kbd>Ctrl|Alt</kbd>")),
    ("autolink-pipe", "link", "pipe inside <autolink>", tbl("<http://e.com/a|b>")),
    ("wikilink-pipe", "link", "pipe inside [[wiki|link]]", tbl("[[page|label]]")),

    # ---------------------------------------------------------------- what starts a table
    ("start-after-para", "start", "table directly after a paragraph line", L("Some text", *T2)),
    ("start-after-para-2lines", "start", "two paragraph lines then table", L("line one", "line two", *T2)),
    ("start-after-heading", "start", "table directly after ATX heading", L("# Title", *T2)),
    ("start-after-list", "start", "table directly after list item (no blank)", L("- item", *T2)),
    ("start-after-list-blank", "start", "list item, blank, unindented table", L("- item", "", *T2)),
    ("start-after-html-line", "start", "table directly after an inline-HTML line", L("<span>x</span>", *T2)),
    ("start-after-fence", "start", "table directly after closing fence", L("```", "code", "```", *T2)),
    ("start-after-blockquote", "start", "table directly after a blockquote line", L("> quote", *T2)),
    ("start-after-html-comment", "start", "table directly after an HTML comment line", L("<!-- prettier-ignore -->", *T2)),
    ("start-after-hr", "start", "table directly after thematic break", L("***", *T2)),

    # ---------------------------------------------------------------- what ends a table
    ("end-text", "end", "plain text line right after table (no blank)", L(*T2, "after text")),
    ("end-text-with-pipe", "end", "text line containing a pipe right after table", L(*T2, "after | text")),
    ("end-blank", "end", "blank line then text", L(*T2, "", "after text")),
    ("end-heading", "end", "ATX heading right after table", L(*T2, "# Heading")),
    ("end-list", "end", "list item right after table", L(*T2, "- item")),
    ("end-blockquote", "end", "blockquote right after table", L(*T2, "> quote")),
    ("end-fence", "end", "fenced code right after table", L(*T2, "```", "code", "```")),
    ("end-hr-dashes", "end", "`---` right after table", L(*T2, "---")),
    ("end-hr-stars", "end", "`***` right after table", L(*T2, "***")),
    ("end-html", "end", "HTML block right after table", L(*T2, "<div>x</div>")),
    ("end-second-table", "end", "second header+delimiter right after table", L("| a |", "|---|", "| 1 |", "| b |", "|---|", "| 2 |")),
    ("end-indented-text", "end", "4-space-indented text right after table", L(*T2, "    indented")),

    # ---------------------------------------------------------------- indentation
    ("indent-1", "indent", "every line indented 1 space", L(*[" " + x for x in T2])),
    ("indent-3", "indent", "every line indented 3 spaces", L(*["   " + x for x in T2])),
    ("indent-4", "indent", "every line indented 4 spaces", L(*["    " + x for x in T2])),
    ("indent-tab", "indent", "every line indented with a tab", L(*["\t" + x for x in T2])),
    ("indent-mixed", "indent", "header 0, delimiter 2, body 4 spaces", L("| a | b |", "  |---|---|", "    | 1 | 2 |")),
    ("indent-4-after-para", "indent", "4-space table lines directly after paragraph", L("para", *["    " + x for x in T2])),

    # ---------------------------------------------------------------- containers
    ("bq-table", "container", "table inside blockquote", L(*["> " + x for x in T2])),
    ("bq-lazy-row", "container", "blockquote table, last row without `>`", L("> | a | b |", "> |---|---|", "| 1 | 2 |")),
    ("list-table-blank", "container", "bullet item, blank, table indented 2", L("- item", "", *["  " + x for x in T2])),
    ("list-table-noblank", "container", "bullet item, table indented 2, no blank", L("- item", *["  " + x for x in T2])),
    ("list-table-4", "container", "bullet item, blank, table indented 4", L("- item", "", *["    " + x for x in T2])),
    ("olist-table-3", "container", "ordered item, blank, table indented 3", L("1. item", "", *["   " + x for x in T2])),
    ("list-table-lazy-row", "container", "list table with a body row not indented", L("- item", "", "  | a | b |", "  |---|---|", "| 1 | 2 |")),
    ("adm-table", "container", "admonition, table indented 4, no blank", L("!!! note", *["    " + x for x in T2])),
    ("adm-table-blank", "container", "admonition with title, blank, table", L('!!! note "Title"', "", *["    " + x for x in T2])),
    ("adm-table-indent2", "container", "admonition with table indented only 2", L("!!! note", "", *["  " + x for x in T2])),
    ("tabbed-table", "container", "pymdownx.tabbed with tables", L('=== "Tab 1"', "", *["    " + x for x in T2], "", '=== "Tab 2"', "", "    | c |", "    |---|", "    | 3 |")),
    ("tabbed-noblank", "container", "pymdownx.tabbed, no blank line after the tab title", L('=== "Tab 1"', *["    " + x for x in T2])),
    ("tabbed-fence-then-table", "container", "tab containing a fence with pipes, then a table", L('=== "Tab"', "", "    ```bash", "    ls | grep x", "    |---|", "    ```", "", *["    " + x for x in T2])),
    ("details-table", "container", "pymdownx.details with table", L('??? info "More"', *["    " + x for x in T2])),
    ("details-open-table", "container", "pymdownx.details ???+ with blank", L("???+ note", "", *["    " + x for x in T2])),

    # ---------------------------------------------------------------- fenced code must not be tables
    ("fence-backtick", "fence", "table in ``` fence", L("```", *T2, "```")),
    ("fence-tilde", "fence", "table in ~~~ fence", L("~~~", *T2, "~~~")),
    ("fence-md-lang", "fence", "table in ```markdown fence", L("```markdown", *T2, "```")),
    ("fence-nested-4tick", "fence", "```` fence containing ``` fence containing table", L("````md", "```", *T2, "```", "````")),
    ("fence-in-adm", "fence", "superfences: fence inside admonition", L("!!! note", "    ```", *["    " + x for x in T2], "    ```")),
    ("fence-in-list", "fence", "fence inside list item", L("- item", "", "    ```", *["    " + x for x in T2], "    ```")),
    ("fence-unclosed", "fence", "unclosed fence runs to end of doc", L("```", *T2)),
    ("fence-indented-3", "fence", "fence indented 3 spaces", L("   ```", *T2, "   ```")),

    # ---------------------------------------------------------------- HTML / JSX blocks
    ("html-div-noblank", "htmlblock", "table directly inside <div> lines", L("<div>", *T2, "</div>")),
    ("html-div-blank", "htmlblock", "blank lines between <div> and table", L("<div>", "", *T2, "", "</div>")),
    ("html-div-markdown", "htmlblock", "<div markdown> (md_in_html)", L("<div markdown>", "", *T2, "", "</div>")),
    ("html-details", "htmlblock", "<details><summary> + blank + table", L("<details>", "<summary>S</summary>", "", *T2, "", "</details>")),
    ("jsx-tab-noblank", "htmlblock", "<Tabs><Tab> table without blank lines", L("<Tabs>", '<Tab title="A">', *T2, "</Tab>", "</Tabs>")),
    ("jsx-tab-blank", "htmlblock", "<Tabs><Tab> table with blank lines", L("<Tabs>", '  <Tab title="A">', "", *T2, "", "  </Tab>", "</Tabs>")),
    ("jsx-tab-indent2", "htmlblock", "<Tab> + blank + table indented 2", L("<Tab>", "", *["  " + x for x in T2], "", "</Tab>")),
    ("jsx-tab-indent4", "htmlblock", "<Tabs><Tab> + blank + table indented 4", L("<Tabs>", "  <Tab>", "", *["    " + x for x in T2], "", "  </Tab>", "</Tabs>")),
    ("jsx-tab-indent2-noblank", "htmlblock", "<Tab> then table indented 2, no blank lines", L("<Tab>", *["  " + x for x in T2], "</Tab>")),
    ("jsx-selfclose-before", "htmlblock", "self-closing component line right before table", L("<Badge />", *T2)),

    # ---------------------------------------------------------------- line endings / whitespace
    ("crlf", "ws", "CRLF line endings", L(*T2, "", "after", eol="\r\n")),
    ("cr-only", "ws", "bare CR line endings", L(*T2, eol="\r")),
    ("tabs-in-cells", "ws", "tabs around cell content", L("|\ta\t|\tb\t|", "|---|---|", "|\t1\t|\t2\t|")),
    ("trailing-ws", "ws", "trailing spaces/tabs after rows", L("| a | b |   ", "|---|---|  ", "| 1 | 2 |\t")),
    ("trailing-2sp-no-pipe", "ws", "no trailing pipe, two trailing spaces (hard break?)", L("a | b", "--- | ---", "1 | 2  ", "3 | 4")),
    ("nbsp-cells", "ws", "NBSP padding inside cells", L("|\u00a0a\u00a0|\u00a0b\u00a0|", "|---|---|", "|\u00a01\u00a0|\u00a02\u00a0|")),

    # ---------------------------------------------------------------- unicode
    ("uni-cjk", "unicode", "CJK text", L("| 名前 | 説明 |", "|---|---|", "| 東京 | 日本の首都 |")),
    ("uni-emoji", "unicode", "emoji incl. ZWJ sequence", L("| 😀 | 👨\u200d👩\u200d👧 |", "|---|---|", "| ✅ | ❌ |")),
    ("uni-combining", "unicode", "combining marks", L("| e\u0301 | n\u0303 |", "|---|---|", "| a\u0308 | o\u0302 |")),
    ("uni-rtl", "unicode", "Hebrew/Arabic", L("| שלום | مرحبا |", "|---|---|", "| עולם | عالم |")),
    ("uni-fullwidth-pipe", "unicode", "U+FF5C fullwidth pipe is not a delimiter", L("｜ a ｜ b ｜", "｜---｜---｜", "｜ 1 ｜ 2 ｜")),

    # ---------------------------------------------------------------- cell content
    ("cell-empty", "cell", "empty cells in body", L("| a | b | c |", "|---|---|---|", "|  | 2 |  |", "| | | |")),
    ("cell-inline-markup", "cell", "bold, em, code, strike", L("| **b** | *e* | `c` | ~~s~~ |", "|---|---|---|---|", "| __b__ | _e_ | ``c`` | ~s~ |")),
    ("cell-links-images", "cell", "link, image, autolink, bare URL", L("| l | i | a | u |", "|---|---|---|---|", "| [l](http://x.y/) | ![i](p.png) | <https://x.y> | https://x.y |")),
    ("cell-raw-html", "cell", "inline raw HTML", tbl("<b>h</b> <kbd>Ctrl</kbd>")),
    ("cell-br-html", "cell", "`<br>`", tbl("x<br>y")),
    ("cell-br-xhtml", "cell", "`<br/>`", tbl("x<br/>y")),
    ("cell-br-xhtml-space", "cell", "`<br />`", tbl("x<br />y")),
    ("cell-entities", "cell", "named/numeric entities", tbl("&amp; &lt; &gt; &copy; &#169; &nbsp;")),
    ("cell-amp-bare", "cell", "bare ampersand", tbl("Q&A & more")),
    ("cell-braces", "cell", "`{` `}` in cell text", tbl("{x} and a } b")),
    ("cell-brace-unbalanced", "cell", "lone `{`", tbl("a { b")),
    ("cell-rbrace-only", "cell", "lone `}`", tbl("a } b")),
    ("cell-expression-pipe", "cell", "MDX expression containing `||`", tbl("{true || false}")),
    ("cell-lt-eq", "cell", "`a <= b`", tbl("a <= b")),
    ("cell-lt-eq-nospace", "cell", "`a<=b`", tbl("a<=b")),
    ("cell-lt-dash", "cell", "`a <- b`", tbl("a <- b")),
    ("cell-fragment", "cell", "`<>`", tbl("a <> b")),
    ("cell-lt-space", "cell", "`a < b`", tbl("a < b")),
    ("cell-gt", "cell", "`a > b`", tbl("a > b")),
    ("cell-lt-generic", "cell", "`List<T>`", tbl("List<T>")),
    ("cell-lt-digit", "cell", "`x<5`", tbl("x<5")),
    ("cell-code-brace-lt", "cell", "braces and < inside code spans", tbl("`{x}` `List<T>` `a<b`")),
    ("cell-escaped-brace-lt", "cell", "backslash-escaped `\\{` `\\}` `\\<`", tbl("\\{x\\} a \\< b")),
    ("cell-entity-brace-lt", "cell", "entity-escaped `&#123;` `&#125;` `&lt;`", tbl("&#123;x&#125; a &lt; b")),
    ("cell-html-comment", "cell", "HTML comment in a cell", tbl("x <!-- c --> y")),
    ("cell-jsx-expression", "cell", "MDX expression `{1+1}`", tbl("{1+1}")),
    ("cell-jsx-component", "cell", "inline component in cell", tbl("<Badge>new</Badge>")),
    ("cell-jsx-style-object", "cell", "inline JSX with style object", tbl("<span style={{color: 'red'}}>x</span>")),
    ("cell-html-class", "cell", "inline HTML with class=", tbl('<span class="x">y</span>')),
    ("cell-list-markers", "cell", "cells that look like block markers", L("| * | - |", "|---|---|", "| + | 1. |", "| # | > |")),
    ("cell-hard-break-backslash", "cell", "trailing backslash in cell", tbl("x\\")),
    ("cell-footnote-ish", "cell", "reference link defined below", L(*T2[:2], "| [x][r] | 2 |", "", "[r]: http://r.example")),

    # ---------------------------------------------------------------- size
    ("long-row-40cols", "size", "40 columns", L("|" + "|".join(f" h{i} " for i in range(40)) + "|",
                                            "|" + "|".join("---" for _ in range(40)) + "|",
                                            "|" + "|".join(f" v{i} " for i in range(40)) + "|")),
    ("long-cell-3000", "size", "one cell of 3000 chars", tbl(" ".join(["word"] * 600))),

    # ---------------------------------------------------------------- front matter
    ("frontmatter-blank", "frontmatter", "YAML front matter, blank, table", L("---", "title: T", "---", "", *T2)),
    ("frontmatter-noblank", "frontmatter", "YAML front matter directly followed by table", L("---", "title: T", "---", *T2)),

    # ---------------------------------------------------------------- MDX: content written inside JSX <td>
    # (all engines run, but these probe MDX; for HTML engines they are raw HTML blocks)
    ("jsxtd-plain", "jsxtd", "baseline JSX table", L("<table>", "<tbody>", "<tr>", "<td>plain</td>", "</tr>", "</tbody>", "</table>")),
    ("jsxtd-md-oneline", "jsxtd", "markdown inline syntax on the <td> line", L("<table>", "<tbody>", "<tr>", "<td>**b** *e* `c` [l](http://x.y/) ~~s~~</td>", "</tr>", "</tbody>", "</table>")),
    ("jsxtd-md-oneline-row", "jsxtd", "whole row on one line", L("<table>", "<tbody>", "<tr><td>**b**</td><td>*e*</td></tr>", "</tbody>", "</table>")),
    ("jsxtd-md-multiline", "jsxtd", "markdown on its own line inside <td>, no blank", L("<table>", "<tbody>", "<tr>", "<td>", "**b** *e*", "</td>", "</tr>", "</tbody>", "</table>")),
    ("jsxtd-md-multiline-blank", "jsxtd", "markdown inside <td> surrounded by blank lines", L("<table>", "<tbody>", "<tr>", "<td>", "", "**b** *e*", "", "</td>", "</tr>", "</tbody>", "</table>")),
    ("jsxtd-md-list", "jsxtd", "list inside multi-line <td>", L("<table>", "<tbody>", "<tr>", "<td>", "- one", "- two", "</td>", "</tr>", "</tbody>", "</table>")),
    ("jsxtd-indented", "jsxtd", "indented JSX table, 4+ spaces before <td>", L("<table>", "  <tbody>", "    <tr>", "      <td>**b**</td>", "    </tr>", "  </tbody>", "</table>")),
    ("jsxtd-lbrace", "jsxtd", "lone `{` in <td>", L("<table><tbody><tr>", "<td>a { b</td>", "</tr></tbody></table>")),
    ("jsxtd-rbrace", "jsxtd", "lone `}` in <td>", L("<table><tbody><tr>", "<td>a } b</td>", "</tr></tbody></table>")),
    ("jsxtd-brace-escaped", "jsxtd", "`\\{` `\\}` in <td>", L("<table><tbody><tr>", "<td>\\{x\\}</td>", "</tr></tbody></table>")),
    ("jsxtd-brace-expr-string", "jsxtd", "`{'{'}x{'}'}` in <td>", L("<table><tbody><tr>", "<td>{'{'}x{'}'}</td>", "</tr></tbody></table>")),
    ("jsxtd-brace-entity", "jsxtd", "`&#123;x&#125;` in <td>", L("<table><tbody><tr>", "<td>&#123;x&#125;</td>", "</tr></tbody></table>")),
    ("jsxtd-lt-space", "jsxtd", "`a < b` in <td>", L("<table><tbody><tr>", "<td>a < b</td>", "</tr></tbody></table>")),
    ("jsxtd-lt-nospace", "jsxtd", "`a<b` in <td>", L("<table><tbody><tr>", "<td>List<T></td>", "</tr></tbody></table>")),
    ("jsxtd-lt-escaped", "jsxtd", "`\\<` in <td>", L("<table><tbody><tr>", "<td>a \\< b List\\<T></td>", "</tr></tbody></table>")),
    ("jsxtd-lt-entity", "jsxtd", "`&lt;` in <td>", L("<table><tbody><tr>", "<td>a &lt; b List&lt;T&gt;</td>", "</tr></tbody></table>")),
    ("jsxtd-gt", "jsxtd", "`a > b` in <td>", L("<table><tbody><tr>", "<td>a > b</td>", "</tr></tbody></table>")),
    ("jsxtd-amp", "jsxtd", "`&`, entities in <td>", L("<table><tbody><tr>", "<td>Q&A &amp; &copy; &#124; &nbsp;x</td>", "</tr></tbody></table>")),
    ("jsxtd-backslash", "jsxtd", "backslash escapes in <td>", L("<table><tbody><tr>", "<td>\\* \\_ \\\\ \\| \\` C:\\path</td>", "</tr></tbody></table>")),
    ("jsxtd-code-brace", "jsxtd", "code span with `{x}` and `<T>` in <td>", L("<table><tbody><tr>", "<td>`{x}` `List<T>`</td>", "</tr></tbody></table>")),
    ("jsxtd-class", "jsxtd", "`class=` on <td>", L("<table><tbody><tr>", '<td class="x">a</td>', "</tr></tbody></table>")),
    ("jsxtd-classname", "jsxtd", "`className=` on <td>", L("<table><tbody><tr>", '<td className="x">a</td>', "</tr></tbody></table>")),
    ("jsxtd-style-string", "jsxtd", "`style=\"...\"` string on <td>", L("<table><tbody><tr>", '<td style="text-align: right">a</td>', "</tr></tbody></table>")),
    ("jsxtd-style-object", "jsxtd", "`style={{...}}` on <td>", L("<table><tbody><tr>", "<td style={{textAlign: 'right'}}>a</td>", "</tr></tbody></table>")),
    ("jsxtd-align-attr", "jsxtd", "`align=` on <td>", L("<table><tbody><tr>", '<td align="right">a</td>', "</tr></tbody></table>")),
    ("jsxtd-colspan", "jsxtd", "`colspan=` vs `colSpan=`", L("<table><tbody><tr>", '<td colspan="2">a</td><td colSpan="2">b</td>', "</tr></tbody></table>")),
    ("jsxtd-attr-entity", "jsxtd", "entity inside attribute string", L("<table><tbody><tr>", '<td title="a &amp; b &quot;q&quot;">a</td>', "</tr></tbody></table>")),
    ("jsxtd-br-html", "jsxtd", "`<br>` (unclosed) in <td>", L("<table><tbody><tr>", "<td>a<br>b</td>", "</tr></tbody></table>")),
    ("jsxtd-br-xhtml", "jsxtd", "`<br/>` and `<br />` in <td>", L("<table><tbody><tr>", "<td>a<br/>b<br />c</td>", "</tr></tbody></table>")),
    ("jsxtd-comment", "jsxtd", "HTML comment in <td>", L("<table><tbody><tr>", "<td>a <!-- c --> b</td>", "</tr></tbody></table>")),
    ("jsxtd-comment-jsx", "jsxtd", "`{/* c */}` comment in <td>", L("<table><tbody><tr>", "<td>a {/* c */} b</td>", "</tr></tbody></table>")),
    ("jsxtd-autolink", "jsxtd", "`<https://...>` autolink in <td>", L("<table><tbody><tr>", "<td><https://x.y></td>", "</tr></tbody></table>")),
    ("jsxtd-bare-url", "jsxtd", "bare URL in <td>", L("<table><tbody><tr>", "<td>https://x.y/a</td>", "</tr></tbody></table>")),
    ("jsxtd-pipe", "jsxtd", "`|` in <td>", L("<table><tbody><tr>", "<td>a | b</td>", "</tr></tbody></table>")),
    ("jsxtd-quotes", "jsxtd", "quotes and apostrophes in <td>", L("<table><tbody><tr>", "<td>it's \"q\"</td>", "</tr></tbody></table>")),
    ("jsxtd-unicode", "jsxtd", "unicode in <td>", L("<table><tbody><tr>", "<td>名前 😀 e\u0301 שלום</td>", "</tr></tbody></table>")),
    ("jsxtd-empty", "jsxtd", "`<td></td>` and `<td />`", L("<table><tbody><tr>", "<td></td><td />", "</tr></tbody></table>")),
    ("jsxtd-no-tbody", "jsxtd", "<tr> directly in <table>", L("<table>", "<tr><td>a</td></tr>", "</table>")),
    ("jsxtd-html-inline", "jsxtd", "inline HTML (<b>, <code>, <a>) in <td>", L("<table><tbody><tr>", '<td><b>b</b> <code>c</code> <a href="http://x.y/">l</a></td>', "</tr></tbody></table>")),
    ("jsxtd-hardbreak", "jsxtd", "two-space hard break across lines inside <td>", L("<table><tbody><tr>", "<td>", "line one  ", "line two", "</td>", "</tr></tbody></table>")),
    ("jsxtd-block-markers-oneline", "jsxtd", "block-marker characters at start of one-line <td>", L("<table><tbody><tr>", "<td>- a</td><td># h</td><td>> q</td><td>1. x</td>", "</tr></tbody></table>")),
    ("jsxtd-underscore-star", "jsxtd", "snake_case and a*b*c in one-line <td>", L("<table><tbody><tr>", "<td>snake_case_name a*b*c 2*3</td>", "</tr></tbody></table>")),
    ("jsxtd-lead-space-text", "jsxtd", "text starting on <td> line and continuing to next", L("<table><tbody><tr>", "<td>first", "second</td>", "</tr></tbody></table>")),
]
