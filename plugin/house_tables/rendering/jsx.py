"""Inline HTML fragments as JSX text that MDX 3 + remark-gfm, on a `<td>` line, renders back to the same HTML."""

import json
import re
import sys
import unicodedata
import warnings
from functools import lru_cache
from html.entities import html5

from .css import split_declarations
from .fast import enabled
from .simple_html import Element, parse_cell

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
# Their content is not markup in HTML, so it goes in as one JS string.
RAW_TEXT = frozenset({"script", "style", "textarea"})

# React prop names whose lower-case form is the HTML (or SVG) attribute name that html.parser reports.
REACT_NAMES = """
acceptCharset accessKey allowFullScreen autoCapitalize autoComplete autoCorrect autoFocus autoPlay autoSave cellPadding
cellSpacing charSet classID colSpan contentEditable contextMenu controlsList crossOrigin dateTime
disablePictureInPicture disableRemotePlayback encType enterKeyHint fetchPriority formMethod formAction formEncType
formNoValidate formTarget frameBorder hrefLang httpEquiv imageSizes imageSrcSet inputMode itemID itemProp itemRef
itemScope itemType keyParams keyType marginWidth marginHeight maxLength mediaGroup minLength noModule noValidate
playsInline popoverTarget popoverTargetAction radioGroup readOnly referrerPolicy rowSpan spellCheck srcDoc srcLang
srcSet tabIndex useMap accentHeight alignmentBaseline allowReorder arabicForm attributeName attributeType autoReverse
baseFrequency baselineShift baseProfile calcMode capHeight clipPath clipPathUnits clipRule colorInterpolation
colorInterpolationFilters colorProfile colorRendering contentScriptType contentStyleType diffuseConstant
dominantBaseline edgeMode enableBackground externalResourcesRequired fillOpacity fillRule filterRes filterUnits
floodOpacity floodColor fontFamily fontSize fontSizeAdjust fontStretch fontStyle fontVariant fontWeight glyphName
glyphOrientationHorizontal glyphOrientationVertical glyphRef gradientTransform gradientUnits horizAdvX horizOriginX
imageRendering kernelMatrix kernelUnitLength keyPoints keySplines keyTimes lengthAdjust letterSpacing lightingColor
limitingConeAngle markerEnd markerHeight markerMid markerStart markerUnits markerWidth maskContentUnits maskType
maskUnits numOctaves overlinePosition overlineThickness paintOrder pathLength patternContentUnits patternTransform
patternUnits pointerEvents pointsAtX pointsAtY pointsAtZ preserveAlpha preserveAspectRatio primitiveUnits refX refY
renderingIntent repeatCount repeatDur requiredExtensions requiredFeatures shapeRendering specularConstant
specularExponent spreadMethod startOffset stdDeviation stitchTiles stopColor stopOpacity strikethroughPosition
strikethroughThickness strokeDasharray strokeDashoffset strokeLinecap strokeLinejoin strokeMiterlimit strokeWidth
strokeOpacity surfaceScale systemLanguage tableValues targetX targetY textAnchor textDecoration textLength
textRendering transformOrigin underlinePosition underlineThickness unicodeBidi unicodeRange unitsPerEm vAlphabetic
vectorEffect vertAdvY vertOriginX vertOriginY vHanging vIdeographic viewBox viewTarget vMathematical wordSpacing
writingMode xChannelSelector xHeight xlinkActuate xlinkArcrole xlinkHref xlinkRole xlinkShow xlinkTitle xlinkType
xmlBase xmlLang xmlnsXlink xmlSpace yChannelSelector zoomAndPan
"""
# Hyphenated (and namespaced) SVG/HTML attributes that React knows under a camelCase name.
REACT_HYPHENATED = """
accept-charset http-equiv accent-height alignment-baseline arabic-form baseline-shift cap-height clip-path clip-rule
color-interpolation color-interpolation-filters color-profile color-rendering dominant-baseline enable-background
fill-opacity fill-rule flood-opacity flood-color font-family font-size font-size-adjust font-stretch font-style
font-variant font-weight glyph-name glyph-orientation-horizontal glyph-orientation-vertical horiz-adv-x horiz-origin-x
image-rendering letter-spacing lighting-color marker-end marker-mid marker-start overline-position overline-thickness
paint-order panose-1 pointer-events rendering-intent shape-rendering stop-color stop-opacity strikethrough-position
strikethrough-thickness stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit
stroke-width stroke-opacity text-anchor text-decoration text-rendering transform-origin underline-position
underline-thickness unicode-bidi unicode-range units-per-em v-alphabetic vector-effect vert-adv-y vert-origin-x
vert-origin-y v-hanging v-ideographic v-mathematical word-spacing writing-mode x-height xlink:actuate xlink:arcrole
xlink:href xlink:role xlink:show xlink:title xlink:type xml:base xml:lang xml:space xmlns:xlink
"""


def _camel(name: str) -> str:
    """`stroke-width` -> `strokeWidth`, `xlink:href` -> `xlinkHref`, `-webkit-box` -> `WebkitBox`."""
    return re.sub(r"[-:]([a-z0-9])", lambda m: m.group(1).upper(), name)


PROP_NAMES = {
    "class": "className",
    "for": "htmlFor",
    **{name.lower(): name for name in REACT_NAMES.split()},
    **{name: _camel(name) for name in REACT_HYPHENATED.split()},
}
# React writes these as name="" when truthy and leaves them out when falsy (so also when ""): "" must be bare.
_BOOLEAN_NAMES = """
allowFullScreen async autoFocus autoPlay checked controls credentialless default defer disabled disablePictureInPicture
disableRemotePlayback formNoValidate hidden inert itemScope loop multiple muted noModule noValidate open playsInline
readOnly required reversed scoped seamless selected
"""
BOOLEAN_PROPS = frozenset(_BOOLEAN_NAMES.split())
# An empty value is the attribute's `true` here; any other value is kept as a string.
OVERLOADED_PROPS = frozenset({"download", "capture"})
# JSX consumes these itself (and `children` would replace the element's content), so React never writes them.
RESERVED_PROPS = frozenset({"key", "ref", "children"})

_TAG_NAME = re.compile(r"[a-z][\w-]*(?::[a-z][\w-]*)?")
_ATTR_NAME = re.compile(r"[A-Za-z_$][\w$-]*(?::[A-Za-z_$][\w$-]*)?")
_JS_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
# What micromark decodes as a character reference; a named one only counts if it is a known HTML entity.
_CHAR_REF = re.compile(r"&(?:#[xX][0-9A-Fa-f]{1,6};|#[0-9]{1,7};|([A-Za-z][A-Za-z0-9]{0,31});)")
# remark-gfm links bare URLs and e-mail addresses twice: while tokenizing the source (micromark, where `http://1`
# is enough) and in text nodes after parsing (mdast-util-gfm-autolink-literal, which no escape can stop). Moving the
# characters out of the text node stops both, so these patterns are supersets of the two, matching up to a space.
_URL_BODY = r"(?:https?://|www\.)[^\t\n\r ]*"
_URL = re.compile(r"(?<![a-z])" + _URL_BODY, re.IGNORECASE | re.ASCII)
_URL_AT = re.compile(_URL_BODY, re.IGNORECASE | re.ASCII)  # at the start of a text node nothing precedes it
# An email's local part starts where no local-part character precedes it (as in remark-gfm): without the
# lookbehind a long run of letters is tried from each of its characters, quadratic in its length.
_EMAIL_BODY = r"[\w+\-.]+@[\w-]*\.[\w\-.]*"
_EMAIL = re.compile(r"(?<![\w+\-.])" + _EMAIL_BODY, re.ASCII)
_EMAIL_AT = re.compile(_EMAIL_BODY, re.ASCII)
# Line endings would end the one-line cell; other controls are safest as JS escapes too.
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]+")
# JavaScript's \s, which micromark uses to classify the characters around `*`, `_` and `~`.
_JS_SPACE = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]")
_ASCII_PUNCT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


class JsxError(ValueError):
    """The fragment has something JSX cannot write (an element name that is not a JSX name)."""


def html_to_jsx(fragment: str, as_markdown: bool = False) -> str:
    """An inline HTML fragment as one line of JSX that MDX renders to the same HTML (comments render nothing).
    as_markdown: its links and images (those with nothing but href/src, alt and title) and its inline code (a
    `<code>` of text alone) are written as Markdown, `[text](<url> "title")`, `![alt](<src> "title")` and
    `` `code` ``, so that MDX makes them the same link, image and code nodes as the pipe table did: a host's
    remark plugins (Docusaurus resolves `.md` links and bundles images) and its `a`/`img`/`code` components
    (Docusaurus' Link: base URL, client routing, external links in a new tab; Nextra's Code, whose class alone
    carries its inline code style) see only those, never an `<a>`, `<img>` or `<code>` written as JSX."""
    return _kept_jsx(fragment, as_markdown) if enabled() else _jsx(fragment, as_markdown)


@lru_cache(maxsize=4096)
def _kept_jsx(fragment: str, as_markdown: bool = False) -> str:
    """_jsx of a fragment, kept (fast paths only): a function of the fragment alone, and tables repeat cells (a
    link to the same page, `x`, `-`) in every row and from table to table."""
    return _jsx(fragment, as_markdown)


def _jsx(fragment: str, as_markdown: bool = False) -> str:
    """html_to_jsx, written."""
    if "<" not in fragment and "&" not in fragment and enabled():
        # html.parser reads such a fragment as one text node (or none): the writer would give jsx_text's JSX.
        return jsx_text(_as_bs4_text(fragment))
    simple = parse_cell(fragment) if enabled() else None
    if simple is not None:  # bs4 would build this very tree
        root = Element("[document]", {}, simple)
        return _Writer(_all_texts(simple), as_markdown and _has_markdown_element(root)).children(root)
    from bs4 import BeautifulSoup, MarkupResemblesLocatorWarning  # only here (see fragments)
    from bs4.element import PreformattedString

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MarkupResemblesLocatorWarning)  # a fragment may look like a URL or a file
        soup = BeautifulSoup(fragment, "html.parser", multi_valued_attributes=None)
    texts = [s for s in soup.find_all(string=True)
             if not isinstance(s, PreformattedString) and s.parent.name not in RAW_TEXT]
    return _Writer(texts, as_markdown and _has_markdown_element(soup)).children(soup)


# The attributes Markdown gives a link, an image and inline code: an element with others was not made by Markdown.
_MARKDOWN_ATTRIBUTES = {"a": frozenset({"href", "title"}), "img": frozenset({"src", "alt", "title"}),
                        "code": frozenset()}
_NEEDED_ATTRIBUTE = {"a": "href", "img": "src"}


def _markdown_element(node) -> bool:
    """Whether an element is a link, an image or inline code the writer can write as Markdown (see html_to_jsx):
    code holds one text (no line break or other control character, not empty), as a code span makes it."""
    name = getattr(node, "name", None)
    wanted = _MARKDOWN_ATTRIBUTES.get(name)
    if wanted is None or not set(node.attrs) <= wanted:
        return False
    if name == "code":
        return len(node.contents) == 1 and _is_text(node.contents[0]) and _CONTROL.search(node.contents[0]) is None
    return _NEEDED_ATTRIBUTE[name] in node.attrs and not any(_CONTROL.search(value) for value in node.attrs.values())


def _is_text(node) -> bool:
    """Whether a node is a text: a simple tree's str, or bs4's NavigableString (not a comment or other markup, its
    subclasses; bs4 is loaded when the node is of its tree)."""
    bs4 = sys.modules.get("bs4")
    return type(node) is str or (bs4 is not None and type(node) is bs4.NavigableString)


def _has_markdown_element(node) -> bool:
    """Whether a parsed fragment holds an element _markdown_element accepts."""
    return any(_markdown_element(child) or _has_markdown_element(child)
               for child in getattr(node, "contents", ()) if not isinstance(child, str))


def _all_texts(nodes: list) -> list[str]:
    """Every text of a simple tree, in document order (it has no raw-text elements and no comments)."""
    texts: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            texts.append(node)
        else:
            texts += _all_texts(node.contents)
    return texts


_ASCII_SPACES = frozenset("\x20\x0a\x09\x0c\x0d")


def _as_bs4_text(text: str) -> str:
    """The text node bs4 makes of a text outside `<pre>`: nothing but ASCII spaces becomes one space, or one line
    break if it held one (bs4's `endData`)."""
    if text and all(ch in _ASCII_SPACES for ch in text):
        return "\n" if "\n" in text else " "
    return text


def jsx_text(text: str) -> str:
    """Plain text (a whole cell's content) as JSX text that MDX renders as exactly these characters."""
    if not _has_markdown_text(text):
        return "{" + js_string(text) + "}" if text else ""
    return _text(text, closer_after=False)


def js_string(value: str) -> str:
    """A JavaScript string literal (JSON is valid JS since ES2019, U+2028 included)."""
    return json.dumps(value, ensure_ascii=False)


class _Writer:
    """Serializes a parsed fragment, knowing whether MDX will see the cell line as text or as flow JSX."""

    def __init__(self, texts: list[str], as_markdown: bool = False):
        """texts: the fragment's texts outside raw-text elements, comments and other invisible markup;
        as_markdown: the fragment has links or images to write as Markdown (see html_to_jsx)."""
        self.as_markdown = as_markdown
        # A `<td>` line with nothing but tags, expressions and whitespace is parsed as flow JSX, where whitespace
        # between tags is dropped: then every text goes out as a JS string. A Markdown link makes it text.
        self.flow = not as_markdown and not any(_has_markdown_text(s) for s in texts)
        # A `[` is only escaped when a `]` follows somewhere in the cell (a Markdown link's label ends with one).
        self.closers_left = sum(s.count("]") for s in texts) + (1 << 30 if as_markdown else 0)
        self.in_label = False  # inside a Markdown link's label, where `]` would end it

    def children(self, parent) -> str:
        """The JSX of a node's children."""
        return "".join(self.node(child) for child in parent.contents)

    def node(self, node) -> str:
        """The JSX of one node: element, comment (or other invisible markup) or text."""
        if isinstance(node, Element):
            return self.element(node)
        if type(node) is not str:  # a node of bs4's tree (a simple tree's texts are str; bs4 imported by then)
            from bs4 import Tag
            from bs4.element import PreformattedString

            if isinstance(node, Tag):
                return self.element(node)
            if isinstance(node, PreformattedString):  # comments, CDATA, doctypes, processing instructions
                return jsx_comment(str(node))
        if isinstance(node, str):  # a NavigableString, or a text of a simple tree
            if self.flow:
                return "{" + js_string(str(node)) + "}" if node else ""
            self.closers_left -= node.count("]")
            return _text(str(node), closer_after=self.closers_left > 0, label=self.in_label)
        return ""

    def element(self, tag) -> str:
        """An element with JSX attributes; void elements self-closed, raw-text content as a JS string."""
        if self.as_markdown and _markdown_element(tag) and not (tag.name == "a" and self.in_label):
            return self.markdown(tag)  # a link in a link's label is no link in Markdown: it stays JSX
        if not _TAG_NAME.fullmatch(tag.name):
            raise JsxError(f"<{tag.name}> is not a JSX element name")
        attrs = "".join(f" {a}" for name, value in tag.attrs.items() if (a := jsx_attribute(name, value, tag.name)))
        if tag.name in VOID:
            return f"<{tag.name}{attrs} />"
        if tag.name in RAW_TEXT:
            text = tag.get_text()
            inner = "{" + js_string(text) + "}" if text else ""
        else:
            inner = self.children(tag)
        return f"<{tag.name}{attrs}>{inner}</{tag.name}>"

    def markdown(self, tag) -> str:
        """A link, image or inline code as Markdown: `[children](<href> "title")`, `![alt](<src> "title")`,
        `` `code` ``."""
        if tag.name == "code":
            return code_span(str(tag.contents[0]))
        title = tag.attrs.get("title")
        tail = "" if title is None else ' "' + _markdown_escaped(title, '"') + '"'
        if tag.name == "img":
            alt = _escape_plain(tag.attrs.get("alt", ""), closer_after=True, label=True)
            return f"![{alt}](<{_markdown_url(tag.attrs['src'])}>{tail})"
        outer, self.in_label = self.in_label, True
        label = self.children(tag)
        self.in_label = outer
        return f"[{label}](<{_markdown_url(tag.attrs['href'])}>{tail})"


def code_span(code: str) -> str:
    """A code span showing exactly code (one line, not empty): fenced by one backtick more than its longest run of
    backticks, and padded with a space on each side when it begins or ends with a backtick, or with a space on both
    sides (Markdown strips one space from each side of such a span, and nothing else: no escape, no reference)."""
    fence = "`" * (max(map(len, re.findall("`+", code)), default=0) + 1)
    spaced = code[0] == "`" or code[-1] == "`" or (code[0] == " " and code[-1] == " " and code.strip(" "))
    return f"{fence} {code} {fence}" if spaced else f"{fence}{code}{fence}"


def _markdown_escaped(value: str, specials: str) -> str:
    """A link destination or title as Markdown reads it back: backslash before `\\` and specials, `&` that would
    start a character reference as `&amp;`."""
    return _escape_references("".join("\\" + ch if ch == "\\" or ch in specials else ch for ch in value))


# A run of percent-encoded bytes: micromark encodes so every character of a URL outside its safe set.
_PERCENT_RUN = re.compile(r"(?:%[0-9A-F]{2})+")
# What micromark encodes in a URL and a `<...>` destination can hold written out (`{` `}` `|` left encoded).
_ENCODED_BY_MARKDOWN = frozenset(' "<>\\^`')


def _markdown_url(url: str) -> str:
    """A URL for `<...>` in a Markdown link. The rendered URL has the characters Markdown encodes (non-ASCII ones,
    spaces, ...) percent-encoded; they are decoded again, as the page most likely wrote them (so the link node holds
    the URL as written, for a remark plugin that resolves `./my page.md`): MDX encodes them alike. A run that is
    not UTF-8 of such characters stays encoded."""
    def decoded(match: re.Match) -> str:
        try:
            text = bytes.fromhex(match.group().replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            return match.group()
        return text if all(ord(ch) > 127 or ch in _ENCODED_BY_MARKDOWN for ch in text) else match.group()

    return _markdown_escaped(_PERCENT_RUN.sub(decoded, url), "<>")


def jsx_comment(text: str) -> str:
    """An HTML comment as a JSX comment; `*/` inside cannot end it early and line breaks cannot end the line."""
    return "{/*" + re.sub(r"[\r\n]+", " ", text).replace("*/", "*\\/") + "*/}"


def jsx_attribute(name: str, value: str, tag: str = "") -> str | None:
    """One HTML attribute (of a `tag` element) as a JSX attribute, or None for an empty style."""
    if name == "style":
        return jsx_style(value)
    prop = PROP_NAMES.get(name, name)
    if _altered_by_react(tag, prop, value):
        # React drops or rewrites this value of this prop but writes an unknown prop verbatim; HTML names ignore case.
        prop = name.upper()
    if prop in BOOLEAN_PROPS or (prop in OVERLOADED_PROPS and value == ""):
        return prop  # React writes `prop=""` for true
    if not _ATTR_NAME.fullmatch(prop):
        return "{...{" + js_string(prop) + ": " + js_string(value) + "}}"
    return f"{prop}={_attribute_value(value)}"


def _altered_by_react(tag: str, prop: str, value: str) -> bool:
    """Whether React 19 would not write `prop="value"` as given (measured in react-dom/server 19)."""
    if prop in RESERVED_PROPS:
        return True
    if prop in BOOLEAN_PROPS:  # written `prop=""` when truthy, left out when ""
        return value != ""
    if prop in ("src", "href"):  # an empty URL is left out, except on <a>
        return value == "" and not (tag == "a" and prop == "href")
    if prop in ("cols", "rows", "size", "span"):  # left out unless a number >= 1
        return not re.fullmatch(r"[1-9][0-9]*", value)
    if prop in ("rowSpan", "start"):  # left out unless a number
        return not re.fullmatch(r"-?[0-9]+", value)
    return False


def _attribute_value(value: str) -> str:
    """A quoted JSX attribute value (MDX decodes character references in it), or a JS string expression."""
    if not _CONTROL.search(value):
        quoted = _escape_references(value)
        if '"' not in quoted:
            return f'"{quoted}"'
        if "'" not in quoted:
            return f"'{quoted}'"
    return "{" + js_string(value) + "}"


def jsx_style(css: str) -> str | None:
    """`style="a: b; c-d: 1px"` as `style={{a: "b", cD: "1px"}}`; None when no declaration is left."""
    declarations = {}
    for declaration in split_declarations(css):
        prop, colon, value = declaration.partition(":")
        prop, value = prop.strip(), value.strip()
        if colon and prop and value:  # React drops empty values, and a browser ignores the rest
            declarations[_style_key(prop)] = value
    if not declarations:
        return None  # React renders no style attribute for an empty object
    body = ", ".join(f"{_js_key(key)}: {js_string(value)}" for key, value in declarations.items())
    return "style={{" + body + "}}"


def _style_key(prop: str) -> str:
    """A CSS property as React's style key: camelCase, custom properties (`--x`) unchanged."""
    return prop if prop.startswith("--") else _camel(prop.lower())


def _js_key(key: str) -> str:
    """An object key, quoted only when it is not an identifier."""
    return key if _JS_IDENTIFIER.fullmatch(key) else js_string(key)


def _escape_references(value: str) -> str:
    """`&` as `&amp;` where it would start a character reference that MDX decodes."""
    return "".join("&amp;" if _starts_reference(value, i) else ch for i, ch in enumerate(value))


def _starts_reference(text: str, i: int) -> bool:
    """Whether a decoded character reference starts at text[i]."""
    m = _CHAR_REF.match(text, i)
    return bool(m) and (m.group(1) is None or m.group(1) + ";" in html5)


def _has_markdown_text(text: str) -> bool:
    """Whether the text puts something other than spaces, tabs and JS strings on the line."""
    return any(not literal and part.strip(" \t") for literal, part in _segments(text))


def _text(text: str, closer_after: bool, label: bool = False) -> str:
    """Text as JSX: autolinkable and control runs as JS strings, the rest escaped for MDX (label: in a link's
    label, where `]` is escaped too)."""
    parts = _segments(text)
    out = []
    closers = [False] * (len(parts) + 1)  # whether a `]` follows part k in a later part (one pass from the end)
    for k in range(len(parts) - 1, -1, -1):
        closers[k] = closers[k + 1] or "]" in parts[k][1]
    for k, (literal, part) in enumerate(parts):
        if literal:
            out.append("{" + js_string(part) + "}")
        else:
            out.append(_escape_plain(part, closer_after or closers[k + 1], label))
    return "".join(out)


def _segments(text: str) -> tuple[tuple[bool, str], ...]:
    """Text split into (literal, part): literal parts would be autolinked or are controls, so they go out as JS.
    Kept (fast paths only): the writer asks for a text's segments twice, whether it puts text on the line and to
    write it."""
    return _kept_segments(text) if enabled() else _split(text)


@lru_cache(maxsize=256)
def _kept_segments(text: str) -> tuple[tuple[bool, str], ...]:
    """_split of a text, kept."""
    return _split(text)


def _split(text: str) -> tuple[tuple[bool, str], ...]:
    """_segments, split. What follows a literal part is searched again as its own text node, the way remark-gfm
    sees it (nothing precedes its first character). Linear: each pattern's next match is kept until the scan
    passes it."""
    if text.isalnum() and enabled():  # letters and digits only: no URL, email or control in it (_may_match)
        return ((False, text),)
    out: list[tuple[bool, str]] = []
    pos = 0
    upcoming = {pattern: pattern.search(text) if _may_match(pattern, text) else None
                for pattern in (_URL, _EMAIL, _CONTROL)}
    while pos < len(text):
        for pattern, match in upcoming.items():
            if match is not None and match.start() < pos:
                upcoming[pattern] = pattern.search(text, pos)
        found = [m for m in upcoming.values() if m is not None]
        if pos and out and out[-1][0]:  # a new text node: a URL or email may start at its very first character
            found += [m for at in (_URL_AT, _EMAIL_AT) if (m := at.match(text, pos))]
        if not found:
            out.append((False, text[pos:]))
            break
        m = min(found, key=lambda m: m.start())
        if m.start() > pos:
            out.append((False, text[pos : m.start()]))
        if out and out[-1][0]:
            out[-1] = (True, out[-1][1] + m.group())
        else:
            out.append((True, m.group()))
        pos = m.end()
    return tuple(out)


# A character each pattern's every match holds (`www.` or `http://`; `@`): a text without it is not searched, which
# on a long text of letters is most of a cell's writing.
_NEEDED = {_URL: (".", ":"), _EMAIL: ("@",)}


def _may_match(pattern: re.Pattern, text: str) -> bool:
    """Whether pattern can match somewhere in text (False only when text lacks every character it needs)."""
    needed = _NEEDED.get(pattern)
    return needed is None or not enabled() or any(character in text for character in needed)


def _escape_plain(text: str, closer_after: bool, label: bool = False) -> str:
    """Escape what MDX would read as syntax in a text run; its neighbours (tags, expressions, edges) are unknown."""
    if text.isalnum() and enabled():  # letters and digits only: no special character (_SPECIAL) to escape
        return text
    out, i = [], 0
    last_closer = text.rfind("]")  # a `[` before it has a closer after it (not searched again for every `[`)
    specials = _LABEL_SPECIAL if label else _SPECIAL
    while i < len(text):
        special = specials.search(text, i)  # every other character is written as it is (see _escape_char)
        if special is None:
            out.append(text[i:])
            break
        if special.start() > i:
            out.append(text[i : special.start()])
            i = special.start()
        ch = text[i]
        if ch in "*_~":
            j = i
            while j < len(text) and text[j] == ch:
                j += 1
            run = text[i:j]
            inert = _inert_run(ch, text[i - 1] if i else None, text[j] if j < len(text) else None)
            out.append(run if inert else "".join("\\" + c for c in run))
            i = j
            continue
        out.append("\\]" if ch == "]" else _escape_char(text, i, closer_after or last_closer > i))
        i += 1
    return "".join(out)


# The characters _escape_char may write otherwise, and the runs _escape_plain reads: any other character is itself.
_SPECIAL = re.compile("[*_~{<&\\\\`\\[\u00a0]")
_LABEL_SPECIAL = re.compile("[*_~{<&\\\\`\\[\\]\u00a0]")  # in a link's label `]` too


def _escape_char(text: str, i: int, closer_after: bool) -> str:
    """One character of a text run as MDX source (measured against @mdx-js/mdx 3.1.1 + remark-gfm 4.0.1);
    closer_after: whether a `]` follows it somewhere in the cell."""
    ch = text[i]
    nxt = text[i + 1] if i + 1 < len(text) else None
    if ch == "{":  # would start an expression
        return "&#123;"
    if ch == "<":  # < followed by anything but a space or tab starts JSX (or is an error)
        return ch if nxt in (" ", "\t") else "&lt;"
    if ch == "&":
        return "&amp;" if _starts_reference(text, i) else ch
    if ch == "\\":  # escapes the next source character if it is ASCII punctuation (a tag's `<` included)
        return "\\\\" if nxt is None or nxt in _ASCII_PUNCT or nxt == "\u00a0" else ch
    if ch == "`":  # could open a code span with any later backtick
        return "\\`"
    if ch == "[":  # could open a link, image or footnote reference with any later `]`
        return "\\[" if closer_after else ch
    if ch == "\u00a0":
        return "&nbsp;"
    return ch


def _inert_run(marker: str, before: str | None, after: str | None) -> bool:
    """Whether a run of `*`, `_` or `~` can neither open nor close emphasis/strikethrough (micromark flanking)."""
    kinds = (_kind(before), _kind(after))
    if kinds == ("space", "space"):
        return True
    return marker == "_" and kinds == ("other", "other")  # intraword `_` never delimits


def _kind(ch: str | None) -> str:
    """How micromark classifies the source character beside a delimiter run; "edge" when it is not known here."""
    if ch is None:
        return "edge"
    if ch == "\u00a0":  # written `&nbsp;`, so micromark sees its `;`
        return "punct"
    if _JS_SPACE.match(ch):
        return "space"
    if ch == "~":  # an attention marker with remark-gfm: `*` and `_` next to it may delimit
        return "marker"
    return "punct" if unicodedata.category(ch)[0] in "PS" else "other"
