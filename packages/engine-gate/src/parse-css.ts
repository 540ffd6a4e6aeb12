import postcss, { CssSyntaxError, type Root } from 'postcss';

/** Syntax errors read back as Chromium reads them; more than this many in one sheet make it unparsable. */
const MAX_RECOVERIES = 20;

/**
 * A template's stylesheet as Chromium reads it (CSS Syntax 3), where postcss throws on an error a browser recovers
 * from:
 * - a `}` that closes no block: Chromium takes it into the prelude of the rule it stands in, which then runs to the
 *   end of the next `{…}` block, and drops that whole rule, since its prelude is no selector: the stray text and the
 *   next rule go, everything else stays (the stray `background: #000; }` a template leaves after a rule, say);
 * - a declaration that is no declaration (`width:100%;!important;`, `color red;`) in a style rule: dropped up to its
 *   `;` or the block's end, the rest of the block kept;
 * - blocks and a comment left open at the end of the sheet: closed there.
 * Any other syntax error still throws, for the caller to call the sheet unparsable.
 */
export function parseCss(css: string): Root {
  let text = css;
  for (let attempt = 0; ; attempt++) {
    try {
      return postcss.parse(text);
    } catch (err) {
      const recovered = err instanceof CssSyntaxError && attempt < MAX_RECOVERIES ? recover(text, err) : null;
      if (recovered === null || recovered === text) throw err;
      text = recovered;
    }
  }
}

function recover(css: string, err: CssSyntaxError): string | null {
  if (err.reason === 'Unexpected }') return dropStrayBraceRules(css);
  if (err.reason === 'Unclosed comment') return `${css}*/`;
  if (err.reason === 'Unclosed block') return css + '}'.repeat(scan(css, css.length).open.length);
  if (err.reason.startsWith('Unknown word') && err.line !== undefined && err.column !== undefined) {
    return dropBadDeclaration(css, offsetOf(css, err.line, err.column));
  }
  return null;
}

/** The string index of a 1-based line and column. */
function offsetOf(css: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = css.indexOf('\n', at) + 1;
  return at + column - 1;
}

/**
 * The block structure of `css` from `from` up to `end`: each `{`, `}` and `;` with its index, strings, comments and
 * escapes read as text.
 */
function* structure(css: string, from = 0, end = css.length): Generator<{ c: string; i: number }> {
  for (let i = from; i < end; i++) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === '"' || c === "'") {
      i = skipString(css, i) - 1;
    } else if (c === '\\') {
      i++;
    } else if (c === '{' || c === '}' || c === ';') {
      yield { c, i };
    }
  }
}

/** A block still open: where its `{` is, and where the prelude before it began. */
interface OpenBlock {
  brace: number;
  prelude: number;
}

/**
 * Reads `css` up to `end`: each block still open there, innermost last, and where the innermost block's current item
 * began (after its `{`, or the last `;` or `}` inside it).
 */
function scan(css: string, end: number): { open: OpenBlock[]; itemStart: number } {
  const open: OpenBlock[] = [];
  let itemStart = 0;
  for (const { c, i } of structure(css, 0, end)) {
    if (c === '{') open.push({ brace: i, prelude: itemStart });
    if (c === '}') open.pop();
    itemStart = i + 1;
  }
  return { open, itemStart };
}

/**
 * The sheet without the bad declaration at `at`, when it stands in a style rule's block (or an `@font-face`'s):
 * from where its item began through its `;`, or up to the block's `}`. Null anywhere else (a rule list, the top
 * level), where Chromium drops more than the item and the sheet is left unparsable.
 */
function dropBadDeclaration(css: string, at: number): string | null {
  const { open, itemStart } = scan(css, at);
  const block = open.at(-1);
  if (block === undefined) return null;
  const prelude = css.slice(block.prelude, block.brace).replace(/\/\*[\s\S]*?\*\//g, '').trim().toLowerCase();
  if (prelude.startsWith('@') && !prelude.startsWith('@font-face')) return null;
  // through the item's `;`, or up to its block's `}`
  let end = css.length;
  let depth = 0;
  for (const { c, i } of structure(css, at)) {
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === '}' || depth === 0) {
      end = c === '}' ? i : i + 1;
      break;
    }
  }
  return css.slice(0, itemStart) + css.slice(end);
}

/** The index just past the string that starts at `i` (its quote), escapes and all; the end if it never closes. */
function skipString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === '\\') j++;
    else if (css[j] === quote || css[j] === '\n') return j + 1;
  }
  return css.length;
}

/**
 * The stylesheet without each top-level rule a stray `}` stands in: from where that rule's prelude begins (after the
 * last block or at-rule statement that ended) through the end of the next block at the top level (or the end).
 */
export function dropStrayBraceRules(css: string): string {
  let out = '';
  let copied = 0; // css before this is in `out` or dropped
  let ruleStart = 0; // where the current top-level rule's prelude begins
  let depth = 0;
  let dropping = false;
  for (const { c, i } of structure(css)) {
    if (c === '{') {
      depth++;
    } else if (c === '}' && depth === 0) {
      if (!dropping) out += css.slice(copied, ruleStart);
      dropping = true;
    } else if (c === '}' && --depth === 0) {
      if (dropping) copied = i + 1;
      dropping = false;
      ruleStart = i + 1;
    } else if (c === ';' && depth === 0 && !dropping && css.slice(ruleStart, i).trimStart().startsWith('@')) {
      ruleStart = i + 1;
    }
  }
  return dropping ? out : out + css.slice(copied);
}
