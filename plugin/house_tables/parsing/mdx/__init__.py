"""The mdx dialect: pipe tables exactly where MDX 3 + remark-gfm finds them.

MDX parses with micromark: CommonMark plus GFM plus the MDX extensions for JSX,
expressions and ESM, with indented code, HTML and autolinks turned off. This
package re-implements just enough of micromark's block structure, line by line,
to know where its GFM table construct succeeds:

* the document layer decides, for each line, which block quotes, list items and
  GFM footnote definitions continue, which new ones open, and whether the line
  is lazy, exactly as micromark's document tokenizer does (tab stops of 4, and
  no 4-column limit on indentation, because MDX has no indented code); it also
  keeps Docusaurus' directive containers (`:::note` ... `:::`): micromark reads
  what one holds as a document of its own, after looking on each of its lines
  for the closing fence, so a `:::` line closes it even inside fenced code, and
  the text around one is read before what it holds (which footnotes it cites);
* the flow layer sees what is left of each line: blank lines, paragraphs and
  what may interrupt them, ATX and setext headings, thematic breaks, fenced
  code, JSX flow tags, flow expressions, ESM, and the table (header row,
  delimiter row, body rows).

Some flow constructs need lines after the one they start on: a table header
waits for its delimiter row, a JSX tag or an expression may span lines. They
pull further lines; when such an attempt fails, the lines it pulled are
replayed, as micromark backtracks. The flow runs as a generator so that the
document layer, like micromark's, decides each new line while knowing what the
flow has open (an open paragraph lets fewer list items start; an open fence or
JSX tag lets no container start).

Two things decide whether a parsed table is rendered: remark-gfm renders a GFM
footnote definition (and a table in it) only when rendered text cites it, and
text made only of link reference definitions is no paragraph (no setext
heading can follow it). Both are followed here.

Where MDX would throw (an invalid JSX tag, an unclosed expression), the
construct is taken as not being there; MDX renders nothing for such documents,
so the tables reported are what the structure would be around that construct
(micromark's reading without MDX syntax, in all the recorded cases).

The package's modules, each importing only those listed before it: syntax (shared limits and patterns), leaves
(thematic breaks, setext underlines), containers (quotes, lists, footnote definitions), lines (a line
as the flow sees it), steps (the flow's plumbing), rows (table rows and cells), findings (results, rendered
footnotes), definitions (link reference definitions), the block rules fences, esm, jsx and tables (each a part of
the flow), flow (the flow tokenizer), skip (the fast paths passing over lines), document (the document
tokenizer) and scan (scan_mdx, the driver).
"""

from .rows import _body_row, _delimiter_cells, _row_end
from .scan import scan_mdx
from .syntax import FOOTNOTE_CALL

# the scanner's public names; the three private ones are compared with tests/mdx_reference.py's (test_mdx_fast)
__all__ = ["FOOTNOTE_CALL", "_body_row", "_delimiter_cells", "_row_end", "scan_mdx"]
