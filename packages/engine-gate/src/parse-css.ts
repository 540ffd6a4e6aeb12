import postcss, { CssSyntaxError, type Root } from 'postcss';

/**
 * A template's stylesheet as Chromium reads it. postcss refuses a `}` that closes no block; Chromium (CSS Syntax 3,
 * "consume a qualified rule") takes it into the prelude of the rule it stands in, which then runs to the end of the
 * next `{…}` block, and drops that whole rule, since its prelude is no selector: the stray text and the next rule go,
 * everything else stays (the stray `background: #000; }` a template leaves after a rule, say). Any other syntax
 * error still throws, for the caller to call the sheet unparsable.
 */
export function parseCss(css: string): Root {
  try {
    return postcss.parse(css);
  } catch (err) {
    if (!(err instanceof CssSyntaxError) || err.reason !== 'Unexpected }') throw err;
    return postcss.parse(dropStrayBraceRules(css));
  }
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
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '"' || c === "'") {
      i = skipString(css, i) - 1;
    } else if (c === '\\') {
      i++;
    } else if (c === '{') {
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
