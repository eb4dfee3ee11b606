"""html_to_jsx / jsx_text against the real MDX 3 + remark-gfm compiler: the JSX in a <td> renders the same HTML."""

import html
import os
import re
from html.parser import HTMLParser

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from house_tables.rendering.css import canonical_style
from house_tables.rendering.jsx import _markdown_element, html_to_jsx, jsx_style, jsx_text

from engines import _canon_attrs, extract_tables

FUZZ_EXAMPLES = int(os.environ.get("HOUSE_TABLES_FUZZ", "300"))
COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def one_line(jsx: str) -> str:
    """The cell on one line, as the brief's minimal document."""
    return f"<table><tbody><tr><td>{jsx}</td></tr></tbody></table>\n"


def house_layout(jsx: str) -> str:
    """The cell the way the house style writes it: an indented, styled <td> line inside a multi-line table."""
    return ("<table style={{width: \"100%\"}}>\n  <tbody>\n    <tr>\n"
            f"      <td style={{{{padding: \"9px 12px\"}}}}>{jsx}</td>\n"
            "    </tr>\n  </tbody>\n</table>\n")


def _style(value: str) -> str:
    """A style attribute as React writes it: `prop:value` joined by `;`, empty and repeated declarations folded."""
    decls = {}
    for decl in re.split(r';(?=(?:[^"]*"[^"]*")*[^"]*$)', value):  # `;` outside double quotes
        prop, _, val = decl.partition(":")
        prop, val = prop.strip(), val.strip()
        if prop and val:
            decls[prop if prop.startswith("--") else prop.lower()] = val
    return ";".join(f"{p}:{v}" for p, v in decls.items())


def _attrs(attrs: list) -> list:
    """Attributes with the differences React makes that mean the same: style spacing, bare `x` written `x=""`."""
    out = []
    for name, value in attrs:
        if name == "style":
            value = _style(value or "")
            if not value:
                continue  # React writes no attribute for an empty style
        out.append((name, "" if value is None else value))
    return out


class _Normalizer(HTMLParser):
    """Re-emits canonical cell HTML with _attrs applied."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []

    def handle_starttag(self, tag, attrs):
        """A start tag with normalised attributes."""
        self.out.append(f"<{tag}{_canon_attrs(_attrs(attrs))}>")

    handle_startendtag = handle_starttag  # canonical HTML has void tags only, written like start tags

    def handle_endtag(self, tag):
        """An end tag as is."""
        self.out.append(f"</{tag}>")

    def handle_data(self, data):
        """Text re-escaped as the canonicaliser does."""
        self.out.append(html.escape(data, quote=False).replace("\u00a0", "&nbsp;"))

    def handle_comment(self, data):
        """Comments kept (there should be none left)."""
        self.out.append(f"<!--{data}-->")


def normalize(cell_html: str) -> str:
    """Canonical cell HTML with the React-equivalences of _attrs."""
    parser = _Normalizer()
    parser.feed(cell_html)
    parser.close()
    return "".join(parser.out)


def expected(fragment: str, as_markdown: bool = False) -> str:
    """The canonical inner HTML of a cell holding the fragment, comments removed (a JSX comment renders nothing);
    as_markdown: each link and image html_to_jsx writes as Markdown as MDX shows a Markdown link or image (what the
    page showed before its table was converted): its URL normalized, an empty title left out, and an image's empty
    src (React leaves it out)."""
    if as_markdown:
        fragment = _as_markdown_shows(fragment)
    [table] = extract_tables(one_line(COMMENT.sub("", fragment)))
    return normalize(table["rows"][0][0])


def _as_markdown_shows(fragment: str) -> str:
    """The fragment with its Markdown-written links and images as MDX shows them (see expected)."""
    if not re.search(r"<(?:a|img)\b", fragment):
        return fragment
    soup = BeautifulSoup(fragment, "html.parser", multi_valued_attributes=None)
    for tag in soup.find_all(["a", "img"]):
        if not _markdown_element(tag) or (tag.name == "a" and any(map(_markdown_element, tag.find_parents("a")))):
            continue  # in a Markdown link's label a link stays JSX
        if tag.attrs.get("title") == "":
            del tag["title"]
        key = "href" if tag.name == "a" else "src"
        tag[key] = _uri(tag[key])
        if tag[key] == "" and tag.name == "img":
            del tag[key]
    return str(soup)


_URI_SAFE = re.compile(r"%[0-9A-Fa-f]{2}|[A-Za-z0-9!#$&'()*+,\-./:;=?@_~]")


def _uri(url: str) -> str:
    """A URL as micromark normalizes a Markdown link's (normalizeUri): what is not ASCII-safe percent-encoded as
    UTF-8, an existing `%XX` kept."""
    out, i = [], 0
    while i < len(url):
        safe = _URI_SAFE.match(url, i)
        if safe:
            out.append(safe.group())
            i = safe.end()
        else:
            out.append("".join(f"%{b:02X}" for b in url[i].encode("utf-8", "surrogatepass")))
            i += 1
    return "".join(out)


def rendered_many(engine, docs: list[str]) -> list[str]:
    """For each MDX document, the normalised inner HTML of its one (raw, JSX) table cell."""
    out = []
    for doc, resp in zip(docs, engine.render_many(docs)):
        assert resp["ok"], f"MDX {resp.get('phase')} error: {resp.get('error')}\n{doc}"
        [table] = [t for t in extract_tables(resp["html"]) if t["source"] == "raw"]
        out.append(normalize(table["rows"][0][0]))
    return out


# ------------------------------------------------------------------ fixed fragments
PUNCTUATION = ["a { b", "{", "a } b", "}", "a &lt; b", "&lt;", "a &gt; b", "&gt;", "a &amp; b", "&amp;", "a * b", "*",
               "a _ b", "_", "a ` b", "`", "a [ b", "[", "a ] b", "]", "a ~ b", "~", "a \\ b", "\\", "a ! b", "!",
               "a # b", "#", "a | b", "|", 'a " b', '"', "a ' b", "'"]
FRAGMENTS = [
    *PUNCTUATION,
    # text that looks like markdown, JSX or an expression
    "List&lt;T&gt;", "a &lt;= b", "x&lt;5", "a&lt;b&gt;c", "a &lt;&gt; b", "&lt;/td&gt;", "{x}", "{1+1}",
    "{/* */}", "{/* c */} x", "*a*", "**b**", "a*b*c", "2 * 3", "a ** b", "_a_", "__init__", "snake_case_name",
    "x_", "~a~", "~~s~~", "a~b~c", "~/path", "`code`", "``", "[t](u)", "[t]", "![a](b)", "[^1]", "[ ]", "a]b[c",
    "C:\\path\\to", "a\\", "\\*", "\\\\", "\\&lt;", "\\{", "1. item", "# h", "&gt; q", "- x", "+ y", "| p |",
    "!important", "&amp;copy;", "&amp;#123;", "&amp;foo;", "AT&amp;T", "a&amp;&amp;b", "&amp;nbsp;",
    # bare URLs and addresses that remark-gfm would link
    "www.example.com", "see www.example.com.", "http://x.y", "https://x.y/p?q=1&amp;r=2", "(http://x.y)",
    "a@b.co", "mailto:a@b.co", "xmpp:a@b.co", "_www.x.y_", "&lt;https://x.y&gt;",
    # code
    "<code>{x}</code>", "<code>List&lt;T&gt;</code>", "<code>a|b</code>", "<code>`x` and *y*</code>",
    "<code>--port</code> where it <strong>listens</strong>", "<code>*a* _b_ [c](d) ~e~</code>",
    "<code>www.example.com</code>", "<code> x </code>", "<code>a  b</code>", "<code>\\</code>",
    "<code>&lt;!-- x --&gt;</code>",
    # inline elements
    "<strong>b</strong>", "<em>e</em>", "<del>d</del>", "<strong><em>n</em> and <code>c</code></strong>",
    "<em>a*</em>*b", "x<strong>*</strong>y", '<a href="u" title="t">link</a>',
    '<a href="https://x.y/?a=1&amp;b=2" title="say &quot;hi&quot; &amp; \'bye\'">x</a>',
    '<a href="u">http://x.y</a>', '<a href="u" title="a{b}c&lt;d&gt;">x</a>', '<a title="&amp;copy;">x</a>',
    '<img src="i.png" alt="alt text">', '<img src="i.png" alt="">', "a<br>b", "a<br />b", "<br>",
    '<span class="x" style="color: red">s</span>', '<span style="color: red; font-weight: 700">s</span>',
    '<span style="--gap: 4px; -webkit-line-clamp: 2">s</span>',
    '<span style="background: url(&quot;a;b&quot;)">s</span>',
    '<td colspan="2" rowspan="3">c</td>', '<label for="i">l</label>', '<span tabindex="0">t</span>',
    '<input type="checkbox" checked disabled>', '<details open><summary>s</summary>d</details>',
    '<span data-x="1" aria-label="l">a</span>', '<abbr title="HyperText">HTML</abbr>', "<kbd>Ctrl</kbd>+<kbd>C</kbd>",
    "<sup>1</sup><sub>2</sub>", '<svg viewbox="0 0 1 1"><path stroke-width="2" d="M0"></path></svg>',
    # comments
    "a <!-- note --> b", "<!-- a */ b -->x", "<!--{x}-->y", "www<!-- -->.x.y", "*a<!-- -->*",
    # entities, whitespace, unicode
    "&copy; &#169;", "a&nbsp;b", "&nbsp;*a*&nbsp;", "é 中文 🙂 ñ", "Ω≈ç√∫", "a\u2028b", "", "  lead and trail  ",
    "a   b", "tab\there", "x\ny", "<code>a\nb</code>",
    # no markdown text on the line: MDX parses it as flow JSX, where whitespace between tags is dropped
    "<code> </code>", "<b> </b><i>y</i>", "<strong>www.x.y</strong> <em>a@b.co</em>", "a@b.co www.x.y",
    "<br> <br>", "<!-- c --> <b>&lt;</b>",
    # values React would leave out or change unless written differently
    '<img src="" alt="no source">', '<a href="">empty link</a>', '<code href="">c</code>',
    '<input disabled="disabled" checked="">', '<details hidden="until-found">d</details>',
    '<span key="k" ref="r">s</span>', '<span children="c"></span>', '<ol start="x"><li>i</li></ol>',
]


@pytest.mark.parametrize("as_markdown", [False, True])
@pytest.mark.parametrize("layout", [one_line, house_layout])
@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_fragment_renders_the_same(mdx_engine, fragment, layout, as_markdown):
    """Every fixed fragment, serialized and put in a <td>, renders its own canonical HTML (as_markdown: with its
    links, images and inline code written as Markdown, as in an MDX page)."""
    jsx = html_to_jsx(fragment, as_markdown)
    assert "\n" not in jsx
    assert rendered_many(mdx_engine, [layout(jsx)]) == [expected(fragment, as_markdown)], jsx


@pytest.mark.parametrize("text", ["{x}", "List<T>", "a <= b", "*a* _b_ `c` [d](e) ~f~", "C:\\dir\\", "&copy;",
                                  "www.example.com", "a@b.co", "x\ny", "", " a ", "\u00a0", "a\\<b"])
def test_plain_text_renders_the_same(mdx_engine, text):
    """jsx_text on its own: MDX shows exactly these characters."""
    assert rendered_many(mdx_engine, [one_line(jsx_text(text))]) == [expected(html.escape(text, quote=False))]


@pytest.mark.parametrize(("fragment", "jsx"), [
    ("a &lt; b", "a < b"),
    ("List&lt;T&gt;", "List&lt;T>"),
    ("a &lt;= b", "a &lt;= b"),
    ("{x}", "&#123;x}"),
    ("2 * 3", "2 * 3"),
    ("*a*", "\\*a\\*"),
    ("snake_case_name", "snake_case_name"),
    ("_a_", "\\_a\\_"),
    ("a ~ b", "a ~ b"),
    ("[t](u)", "\\[t](u)"),
    ("x[", "x["),
    ("`x`", "\\`x\\`"),
    ("C:\\path", "C:\\path"),
    ("a\\", "a\\\\"),
    ("AT&amp;T", "AT&T"),
    ("&amp;copy;", "&amp;copy;"),
    ("a&nbsp;b", "a&nbsp;b"),
    ("&gt; # ! | ] } \" '", "> # ! | ] } \" '"),
    ("see www.example.com.", 'see {"www.example.com."}'),
    ("<code>--port</code> where it <strong>listens</strong>", "<code>--port</code> where it <strong>listens</strong>"),
    ("<code>{x}</code>", "<code>&#123;x}</code>"),
    ('<span class="x" style="color: red">s</span>', '<span className="x" style={{color: "red"}}>s</span>'),
    ('<td colspan="2" rowspan="3">c</td>', '<td colSpan="2" rowSpan="3">c</td>'),
    ('<label for="i">l</label>', '<label htmlFor="i">l</label>'),
    ('<span tabindex="0">t</span>', '<span tabIndex="0">t</span>'),
    ('<input type="checkbox" checked>', '<input type="checkbox" checked />'),
    ('<input disabled="disabled">', '<input DISABLED="disabled" />'),
    ("a<br>b", "a<br />b"),
    ('<img src="i.png" alt="a">', '<img src="i.png" alt="a" />'),
    ('<a href="u" title="say &quot;hi&quot;">x</a>', "<a href=\"u\" title='say \"hi\"'>x</a>"),
    ('<a title="&quot;\'">x</a>', '<a title={"\\"\'"}>x</a>'),
    ('<a title="a&#10;b">x</a>', '<a title={"a\\nb"}>x</a>'),
    ("a <!-- note --> b", "a {/* note */} b"),
    ("<!-- a */ b -->", "{/* a *\\/ b */}"),
    ("<code> </code>", '<code>{" "}</code>'),
    ("a@b.co www.x.y", '{"a@b.co www.x.y"}'),
    ('<img src="" alt="x">', '<img SRC="" alt="x" />'),
])
def test_readable_output(fragment, jsx):
    """The output escapes only what MDX needs, in the forms the house style uses."""
    assert html_to_jsx(fragment) == jsx


def test_style_object():
    """`style="a: b; c-d: 1px"` becomes a React style object; an empty style disappears."""
    assert jsx_style("a: b; c-d: 1px") == 'style={{a: "b", cD: "1px"}}'
    assert jsx_style("--x: 1; -webkit-box-flex: 2;") == 'style={{"--x": "1", WebkitBoxFlex: "2"}}'
    assert jsx_style(" ; ") is None


# ------------------------------------------------------------------ property test
ALPHABET = "{}<>&*_`[]~\\!#|\"' abxX15.:/@()=-+;$%^?,é中🙂\u00a0\u2028\t\n\r"
TOKENS = ["www.", "WWW.", "http://", "HTTPS://", ".com", "a@b.co", "&copy;", "&#123;", "&lt;", "*/", "{/*", "<T>",
          "\\*", "**", "__", "~~", "``", "](u)", "![", "mailto:", " ", "x", "<!--", "-->"]
texts = st.lists(st.one_of(st.text(ALPHABET, min_size=1, max_size=4), st.sampled_from(TOKENS)), max_size=5).map("".join)
STYLES = ["color: red", "font-weight: 700", "--gap: 4px", "-webkit-line-clamp: 2", 'background: url("a;b")',
          "text-align: right", "padding: 9px 12px"]


def _element(tag: str, attrs: dict, inner: str) -> str:
    """An HTML element with escaped attribute values."""
    attr_text = "".join(f' {k}="{html.escape(v, quote=True)}"' for k, v in attrs.items())
    return f"<{tag}{attr_text}>{inner}</{tag}>"


leaves = st.one_of(
    texts.map(lambda t: html.escape(t, quote=False)),
    st.just("<br>"),
    st.builds(lambda src, alt: f'<img src="{html.escape(src)}" alt="{html.escape(alt)}">', texts, texts),
    st.just('<input type="checkbox" checked disabled="disabled">'),
    texts.map(lambda t: "<!--" + t.replace("-", "").replace(">", "") + "-->"),
)
attr_sets = st.one_of(
    st.just({}),
    st.builds(lambda h, t: {"href": h, "title": t}, texts, texts),
    st.builds(lambda d, a: {"data-x": d, "aria-label": a, "tabindex": "0"}, texts, texts),
    st.builds(lambda c, s: {"class": c, "style": "; ".join(s)}, texts, st.lists(st.sampled_from(STYLES), max_size=3)),
)
fragments = st.recursive(
    leaves,
    lambda inner: st.builds(_element, st.sampled_from(["code", "strong", "em", "del", "a", "span", "kbd", "sub"]),
                            attr_sets, st.lists(inner, max_size=3).map("".join)),
    max_leaves=8,
).flatmap(lambda first: st.lists(leaves, max_size=3).map(lambda rest: first + "".join(rest)))


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fragment=fragments, layout=st.sampled_from([one_line, house_layout]), as_markdown=st.booleans())
def test_random_fragments_render_the_same(mdx_engine, fragment, layout, as_markdown):
    """Random fragments rich in MDX/markdown syntax characters round-trip through html_to_jsx and MDX."""
    jsx = html_to_jsx(fragment, as_markdown)
    assert "\n" not in jsx
    assert "\r" not in jsx
    assert rendered_many(mdx_engine, [layout(jsx)]) == [expected(fragment, as_markdown)], jsx


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts)
def test_random_text_renders_the_same(mdx_engine, text):
    """Random plain text through jsx_text shows exactly its characters."""
    jsx = jsx_text(text)
    assert "\n" not in jsx
    assert "\r" not in jsx
    assert rendered_many(mdx_engine, [one_line(jsx)]) == [expected(html.escape(text, quote=False))], jsx


@pytest.mark.parametrize(("one", "other", "same"), [
    ("opacity: 0.6;", "opacity:0.6", True),
    ("COLOR: Blue ; ;font-weight:400", "color: Blue; font-weight: 400", True),
    ("--Gap: 1px", "--gap: 1px", False),  # custom properties are case-sensitive
    ("margin-top: 5px; margin: 0; margin-top: 7px", "margin-top: 7px; margin: 0", False),  # order decides
    ("background: url('a;b')", "background: url('a; b')", False),  # inside quotes: not a separator
    ('font-family: "\\"; b"', 'font-family: "\\";b"', False),  # an escape: left as written
    ("a: b /* ; */", "a: b /*;*/", False),  # a comment: left as written
])
def test_a_style_is_compared_by_its_declarations(one, other, same):
    assert (canonical_style(one) == canonical_style(other)) is same


# JS string literals with every kind of escape (ECMAScript's EscapeSequence), each as the source writes it
_JS_LITERALS = ["'it\\'s'", '"say \\"hi\\""', "'a\\\\b'", '"\\x41\\u0042\\u{1F600}"', '"\\ud83d\\ude00"',
                "'\\n\\t\\v\\b\\f\\r'", "'\\0'", "'\\a\\/\\q'", '"plain"', "''", "'\\u00e9t\\u00e9'"]


def test_js_string_literals_read_as_node_reads_them():
    """jsx_html._js_string gives each literal's value as Node evaluates it (JSON.stringify carries it back)."""
    import json
    import subprocess

    from house_tables.rendering.jsx_html import _js_string

    script = "process.stdout.write(JSON.stringify([" + ", ".join(_JS_LITERALS) + "]))"
    values = json.loads(subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout)
    assert [_js_string(literal) for literal in _JS_LITERALS] == values
