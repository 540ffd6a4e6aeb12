import { DESIGN_CONTENT_ATTR, QrCapacityError, designContentHtml } from '@rp/design';
import type { Binding } from './resolve-bindings';
import { RenderFailure } from './types';
import {
  VOID_ELEMENTS,
  decodeEntities,
  escapeHtml,
  tokenizeHtml,
  type HtmlAttr,
  type RawKind,
  type StartTagToken,
} from './tokenize-html';

/**
 * Applies bindings to template HTML as a string transform, so the page needs no binding script and template
 * scripts already see final values. Every inserted value is escaped for the context it lands in (see
 * docs/templates.md for the rules); authored markup outside the edited tags is copied unchanged.
 */
export function bindTemplate(html: string, bindings: Map<string, Binding>): string {
  const tokens = tokenizeHtml(html);
  const out: string[] = [];
  for (let t = 0; t < tokens.length; t++) {
    const tok = tokens[t]!;
    const src = html.slice(tok.start, tok.end);
    if (tok.kind === 'text') out.push(interpolate(src, bindings, escapeText));
    else if (tok.kind === 'raw') out.push(interpolate(src, bindings, RAW_ESCAPERS[tok.raw]));
    else if (tok.kind !== 'startTag') out.push(src);
    else {
      const name = attrValue(tok, 'data-placeholder');
      const binding = name === null ? undefined : bindings.get(name.trim());
      if (!binding || binding.value === null) {
        out.push(serializeStartTag(html, tok, bindings, {}));
      } else if (binding.type === 'text' || binding.type === 'number') {
        t = bindContent(html, tokens, t, binding.value, bindings, out);
      } else if (binding.type === 'image') {
        out.push(serializeStartTag(html, tok, bindings, imageEdits(tok, binding.value)));
      } else {
        const decl = `${COLOR_PROPS[(attrValue(tok, 'data-placeholder-prop') ?? '').trim().toLowerCase()] ?? 'color'}:${binding.value}`;
        out.push(serializeStartTag(html, tok, bindings, { appendStyle: decl }));
      }
    }
  }
  return out.join('');
}

/** `data-placeholder-prop` of a colour placeholder -> the CSS property it sets (default: text colour). */
const COLOR_PROPS: Record<string, string> = {
  '': 'color',
  color: 'color',
  text: 'color',
  background: 'background-color',
  'background-color': 'background-color',
  border: 'border-color',
  'border-color': 'border-color',
  fill: 'fill',
  stroke: 'stroke',
};

// Content binding would turn a value into script or CSS source in these: never bind into them.
const NO_CONTENT_BINDING = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** Replaces the element's content with the escaped text; returns the index of the last token consumed. */
function bindContent(html: string, tokens: ReturnType<typeof tokenizeHtml>, t: number, text: string, bindings: Map<string, Binding>, out: string[]): number {
  const tok = tokens[t] as StartTagToken;
  if (VOID_ELEMENTS.has(tok.name) || NO_CONTENT_BINDING.has(tok.name)) {
    out.push(serializeStartTag(html, tok, bindings, {}));
    return t;
  }
  const fit = (attrValue(tok, 'data-fit') ?? '').trim().toLowerCase();
  // clipping is the default so an overlong text can never spill over the rest of the design
  const edits: TagEdits = fit === 'none' ? {} : { appendStyle: 'overflow:hidden' };
  const content = drawnContent(tok, text) ?? (tok.name === 'textarea' || tok.name === 'title' ? escapeHtml(text) : escapeText(text));
  if (tok.selfClosing) {
    // `<text .../>` (SVG) or an author's `<div/>`: give it an explicit body and end tag
    out.push(serializeStartTag(html, tok, bindings, { ...edits, dropSelfClosing: true }), content, `</${tok.name}>`);
    return t;
  }
  out.push(serializeStartTag(html, tok, bindings, edits), content);
  let depth = 1;
  for (let k = t + 1; k < tokens.length; k++) {
    const x = tokens[k]!;
    if (x.kind === 'startTag' && x.name === tok.name && !x.selfClosing) depth++;
    else if (x.kind === 'endTag' && x.name === tok.name && --depth === 0) return k - 1; // the end tag is emitted next
  }
  // No end tag: keep the authored content after the bound text rather than swallowing the rest of the document.
  return t;
}

/**
 * The content the design draws from a text (a QR code's SVG, a text's animated letters) when the element carries
 * DESIGN_CONTENT_ATTR, with the function the compiler drew the template's own value with; null otherwise.
 */
function drawnContent(tok: StartTagToken, text: string): string | null {
  const spec = attrValue(tok, DESIGN_CONTENT_ATTR);
  if (spec === null) return null;
  try {
    return designContentHtml(spec, text);
  } catch (err) {
    if (err instanceof QrCapacityError) throw new RenderFailure('template_invalid', `a QR code's text ${err.message}`);
    throw err;
  }
}

function imageEdits(tok: StartTagToken, url: string): TagEdits {
  if (tok.name === 'img') return { set: { src: url }, remove: ['srcset', 'sizes'] };
  if (tok.name === 'image') return { set: { href: url }, remove: ['xlink:href'] };
  return { appendStyle: `background-image:url("${cssString(url)}")` };
}

interface TagEdits {
  set?: Record<string, string>;
  remove?: string[];
  appendStyle?: string;
  dropSelfClosing?: boolean;
}

function serializeStartTag(html: string, tok: StartTagToken, bindings: Map<string, Binding>, edits: TagEdits): string {
  const needsRewrite =
    edits.set || edits.remove || edits.appendStyle || edits.dropSelfClosing || tok.attrs.some((a) => a.value?.includes('{{'));
  if (!needsRewrite) return html.slice(tok.start, tok.end);
  const parts = [`<${html.slice(tok.start + 1, tok.start + 1 + tok.name.length)}`];
  let style: string | null = null;
  for (const a of tok.attrs) {
    if (edits.set?.[a.name] !== undefined || edits.remove?.includes(a.name)) continue;
    if (a.name === 'style' && edits.appendStyle) {
      style = attrInterpolated(a, bindings);
      continue;
    }
    parts.push(serializeAttr(html, a, bindings));
  }
  for (const [name, value] of Object.entries(edits.set ?? {})) parts.push(`${name}="${escapeHtml(value)}"`);
  if (edits.appendStyle) {
    const base = style === null ? '' : `${style.replace(/"/g, '&quot;').replace(/;\s*$/, '')};`;
    parts.push(`style="${base}${escapeHtml(edits.appendStyle)}"`);
  }
  return `${parts.join(' ')}${tok.selfClosing && !edits.dropSelfClosing ? '/' : ''}>`;
}

function serializeAttr(html: string, a: HtmlAttr, bindings: Map<string, Binding>): string {
  if (a.value === null || !a.value.includes('{{')) return html.slice(a.start, a.end);
  return `${html.slice(a.start, a.start + a.name.length)}="${attrInterpolated(a, bindings).replace(/"/g, '&quot;')}"`;
}

const URL_ATTRS = new Set(['src', 'href', 'xlink:href', 'action', 'formaction', 'poster', 'data', 'background', 'srcset']);

/** Raw (entity-encoded) attribute value with `{{name}}` replaced according to what the attribute means. */
function attrInterpolated(a: HtmlAttr, bindings: Map<string, Binding>): string {
  const raw = a.value ?? '';
  if (!raw.includes('{{')) return raw;
  // The browser decodes entities before running handlers or loading documents, so HTML escaping cannot protect
  // these: leave `{{}}` literal in them.
  if (a.name.startsWith('on') || a.name === 'srcdoc') return raw;
  const result = interpolate(raw, bindings, escapeHtml);
  if (URL_ATTRS.has(a.name) && !isSafeUrl(decodeEntities(result))) return 'about:invalid';
  return result;
}

function isSafeUrl(url: string): boolean {
  const compact = url.replace(/[\u0000-\u0020]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'http' || scheme === 'https') return true;
  return scheme === 'data' && /^data:image\//i.test(compact);
}

function attrValue(tok: StartTagToken, name: string): string | null {
  const a = tok.attrs.find((x) => x.name === name);
  return a?.value == null ? null : decodeEntities(a.value);
}

const INTERPOLATION = /\{\{\s*([^{}<>]+?)\s*\}\}/g;

/** Replaces `{{name}}` for known placeholders only, so literal braces in templates (or JS in them) survive. */
function interpolate(s: string, bindings: Map<string, Binding>, escape: (v: string) => string): string {
  if (!s.includes('{{')) return s;
  return s.replace(INTERPOLATION, (m, name: string) => {
    const b = bindings.get(name);
    return b === undefined ? m : escape(b.value ?? '');
  });
}

/** Text content: HTML-escaped, and newlines become line breaks whatever the element's white-space. */
function escapeText(v: string): string {
  return escapeHtml(v).replace(/\r\n?|\n/g, '<br>');
}

/** Inside `<script>`: the value is safe inside a JS string literal of any quote style, and cannot close the element. */
function escapeJsString(v: string): string {
  return JSON.stringify(v)
    .slice(1, -1)
    .replace(/[<>'`$&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Inside `<style>`: angle brackets become CSS escapes so a value cannot close the element. */
function escapeCss(v: string): string {
  return v.replace(/[<>]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

/** Content of a double-quoted CSS string. */
function cssString(v: string): string {
  return v.replace(/["\\\u0000-\u001f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

const RAW_ESCAPERS: Record<RawKind, (v: string) => string> = {
  script: escapeJsString,
  style: escapeCss,
  rcdata: escapeHtml,
  rawtext: escapeHtml,
};
