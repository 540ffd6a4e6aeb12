/**
 * A small HTML tokenizer, just precise enough to rewrite templates server-side: it finds start/end tags with
 * their attributes and the spans of text, comments and raw-text element bodies, keeping exact source offsets so
 * untouched markup is copied byte for byte. It follows the HTML5 tokenizer where that matters for safety
 * (raw-text elements, comments, quoting) and deliberately does not build a tree: the browser stays the
 * authority on structure, we only need to know which context each `{{name}}` sits in.
 */

export interface HtmlAttr {
  /** Lower-cased name. */
  name: string;
  /** Raw (still entity-encoded) value, or null for a bare attribute. */
  value: string | null;
  quote: '"' | "'" | '';
  /** Offsets of the whole `name=value` span in the source. */
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
}

export type RawKind = 'script' | 'style' | 'rcdata' | 'rawtext';

export type HtmlToken =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'raw'; start: number; end: number; raw: RawKind }
  | { kind: 'comment'; start: number; end: number }
  | { kind: 'startTag'; start: number; end: number; name: string; attrs: HtmlAttr[]; selfClosing: boolean }
  | { kind: 'endTag'; start: number; end: number; name: string };

export type StartTagToken = Extract<HtmlToken, { kind: 'startTag' }>;

export const VOID_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

// Elements whose content the browser does not parse as markup: a `<` inside them is text until the matching end tag.
const RAW_ELEMENTS: Record<string, RawKind> = {
  script: 'script',
  style: 'style',
  textarea: 'rcdata',
  title: 'rcdata',
  xmp: 'rawtext',
  iframe: 'rawtext',
  noembed: 'rawtext',
  noframes: 'rawtext',
  noscript: 'rawtext',
};

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
const isAlpha = (c: string | undefined) => c !== undefined && /[A-Za-z]/.test(c);

export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const len = html.length;
  let i = 0;
  let textStart = 0;

  const flushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: 'text', start: textStart, end });
  };

  while (i < len) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1];
    if (html.startsWith('<!--', lt)) {
      flushText(lt);
      const close = html.indexOf('-->', lt + 4);
      const end = close === -1 ? len : close + 3;
      tokens.push({ kind: 'comment', start: lt, end });
      i = textStart = end;
    } else if (next === '!' || next === '?') {
      // doctype, CDATA in foreign content, processing instructions: all end at the first '>'
      flushText(lt);
      const close = html.indexOf('>', lt + 2);
      const end = close === -1 ? len : close + 1;
      tokens.push({ kind: 'comment', start: lt, end });
      i = textStart = end;
    } else if (next === '/' && isAlpha(html[lt + 2])) {
      flushText(lt);
      let j = lt + 2;
      while (j < len && !isSpace(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
      const name = html.slice(lt + 2, j).toLowerCase();
      const close = html.indexOf('>', j);
      const end = close === -1 ? len : close + 1;
      tokens.push({ kind: 'endTag', start: lt, end, name });
      i = textStart = end;
    } else if (isAlpha(next)) {
      flushText(lt);
      const tag = readStartTag(html, lt);
      tokens.push(tag);
      i = textStart = tag.end;
      const raw = RAW_ELEMENTS[tag.name];
      if (raw && !tag.selfClosing) {
        const closeAt = findRawEnd(html, tag.end, tag.name);
        if (closeAt > tag.end) tokens.push({ kind: 'raw', start: tag.end, end: closeAt, raw });
        i = textStart = closeAt;
      }
    } else {
      i = lt + 1; // a lone '<' is text
    }
  }
  flushText(len);
  return tokens;
}

function readStartTag(html: string, start: number): StartTagToken {
  const len = html.length;
  let j = start + 1;
  while (j < len && !isSpace(html[j]!) && html[j] !== '/' && html[j] !== '>') j++;
  const name = html.slice(start + 1, j).toLowerCase();
  const attrs: HtmlAttr[] = [];
  let selfClosing = false;
  while (j < len) {
    const c = html[j]!;
    if (isSpace(c)) {
      j++;
      continue;
    }
    if (c === '>') {
      return { kind: 'startTag', start, end: j + 1, name, attrs, selfClosing };
    }
    if (c === '/') {
      selfClosing = html[j + 1] === '>';
      j++;
      continue;
    }
    selfClosing = false;
    const attrStart = j;
    j++; // the first character belongs to the name even if it is '=' (HTML5 rule)
    while (j < len && !isSpace(html[j]!) && html[j] !== '/' && html[j] !== '>' && html[j] !== '=') j++;
    const attrName = html.slice(attrStart, j).toLowerCase();
    let k = j;
    while (k < len && isSpace(html[k]!)) k++;
    if (html[k] !== '=') {
      attrs.push({ name: attrName, value: null, quote: '', start: attrStart, end: j, valueStart: j, valueEnd: j });
      continue;
    }
    k++;
    while (k < len && isSpace(html[k]!)) k++;
    const q = html[k];
    if (q === '"' || q === "'") {
      const close = html.indexOf(q, k + 1);
      const valueEnd = close === -1 ? len : close;
      const end = close === -1 ? len : close + 1;
      attrs.push({ name: attrName, value: html.slice(k + 1, valueEnd), quote: q, start: attrStart, end, valueStart: k + 1, valueEnd });
      j = end;
    } else {
      let e = k;
      while (e < len && !isSpace(html[e]!) && html[e] !== '>') e++;
      attrs.push({ name: attrName, value: html.slice(k, e), quote: '', start: attrStart, end: e, valueStart: k, valueEnd: e });
      j = e;
    }
  }
  return { kind: 'startTag', start, end: len, name, attrs, selfClosing };
}

/** Offset of the `</name` that closes a raw-text element (or the end of input, as the browser would do). */
function findRawEnd(html: string, from: number, name: string): number {
  const lower = html.toLowerCase();
  let at = from;
  for (;;) {
    const idx = lower.indexOf(`</${name}`, at);
    if (idx === -1) return html.length;
    const after = html[idx + name.length + 2];
    if (after === undefined || isSpace(after) || after === '/' || after === '>') return idx;
    at = idx + 2;
  }
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the entities that matter for attribute values we interpret (placeholder names, props, fit modes). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? m;
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/** Escapes for both text and (any-quoted) attribute context. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}
