import type { AtRule, Declaration, Root, Rule } from 'postcss';
import { aliasValue } from './alias-value';
import { CHROMIUM_CSS_ALIASES } from './chromium-css-aliases';
import type { ChromiumCssAliasTable } from './chromium-css-tables';
import { splitTopLevel } from './css-values';
import { isKeyframesRule } from './is-keyframes-rule';

// CSS as Chromium reads it (docs/engines.md, "CSS as Chromium reads it"): the one step both the static gate and the
// native engine's document preparation run over every stylesheet and style attribute, so what the gate judges is
// what the native engine draws, and the parity check (which renders through the native engine) sees it too.

/**
 * A value keyword or function with a vendor prefix Chromium knows no value of (`-ms-flexbox`,
 * `-moz-linear-gradient(`), outside quotes: Chromium drops the declaration when it parses it.
 */
const FOREIGN_VALUE = /(^|[\s,(])-(moz|ms|o|khtml)-[a-z]/i;
/**
 * Properties whose values may be any identifier (a family, a property name, an animation or grid name, a counter
 * style): a prefixed word there is a name, not an unknown value.
 */
const IDENT_VALUED = new Set([
  'font', 'font-family', 'transition', 'transition-property', 'will-change', 'animation', 'animation-name', 'content',
  'quotes', 'list-style', 'list-style-type', 'counter-reset', 'counter-increment', 'counter-set', 'grid-area',
  'grid-row', 'grid-column', 'grid-row-start', 'grid-row-end', 'grid-column-start', 'grid-column-end',
  'grid-template-areas', 'grid-template', 'grid', 'view-transition-name', 'container-name', 'container',
]);
/**
 * The `-webkit-box-*` properties of the legacy box layout, which lay out nothing but a `display: -webkit-box`
 * element (itself judged where it applies): the measured table's real `-webkit-box-*` properties but these two, which
 * paint or fragment any box.
 */
const NOT_BOX_LAYOUT = new Set(['-webkit-box-reflect', '-webkit-box-decoration-break']);
/** At-rules whose blocks hold descriptors, not properties: left as written. */
const DESCRIPTOR_AT_RULES = new Set(['font-face', 'property', 'counter-style', 'font-palette-values', 'font-feature-values']);
/** Media types no screen render matches. */
const NOT_SCREEN = new Set(['print', 'speech']);

/** What the normalisation reads from the measured alias table, in the shapes it looks them up by. */
interface Reading {
  table: ChromiumCssAliasTable;
  properties: ReadonlySet<string>;
  aliases: ReadonlyMap<string, string>;
  displays: ReadonlyMap<string, string>;
  boxLayout: ReadonlySet<string>;
}

function readingOf(table: ChromiumCssAliasTable): Reading {
  const box = Object.entries(table.webkitBox.properties);
  return {
    table,
    properties: new Set(table.properties),
    aliases: new Map(Object.entries(table.aliases)),
    // a legacy display value Chromium stores as another (`-webkit-flex` -> `flex`); `-webkit-box` is its own
    displays: new Map(Object.entries(table.webkitBox.displays).filter(([name, value]) => name !== value)),
    boxLayout: new Set(box.filter(([name, p]) => p.real && !NOT_BOX_LAYOUT.has(name)).map(([name]) => name)),
  };
}

const CHROMIUM = readingOf(CHROMIUM_CSS_ALIASES);

/** Whether a media query list matches a screen: some query's media type is not print or speech (or is negated). */
function matchesScreen(params: string): boolean {
  return splitTopLevel(params, ',').some((query) => {
    const m = /^\s*(not\s+|only\s+)?([a-z-]+)\b/i.exec(query);
    if (!m || m[2]!.toLowerCase() === 'and') return true; // a bare condition, `(min-width: 600px)`
    const type = m[2]!.toLowerCase();
    return m[1]?.trim().toLowerCase() === 'not' ? !(type === 'all' || type === 'screen') : !NOT_SCREEN.has(type);
  });
}

/** A declaration as Chromium parses it, or null when it drops it: an alias renamed, a legacy value read its way. */
function readDeclaration(decl: Declaration, r: Reading): Declaration | null {
  const prop = decl.prop.toLowerCase();
  if (prop.startsWith('--')) return decl;
  // a property Chromium does not know (another browser's, Microsoft Office's `mso-`, a typo), or an IE hack
  // (`*zoom`, `_height`: postcss keeps the `*` or `_` before the name)
  if (!r.properties.has(prop) && !r.aliases.has(prop)) return null;
  if (/[*_]$/.test(decl.raws.before ?? '')) return null;
  if (!IDENT_VALUED.has(prop) && FOREIGN_VALUE.test(decl.value.replace(/"[^"]*"|'[^']*'/g, '""'))) return null;
  const target = r.aliases.get(prop);
  if (target) {
    decl.value = aliasValue(prop, decl.value, r.table.valueDifferences[prop]);
    decl.prop = target;
  } else decl.prop = prop;
  if (decl.prop === 'display') decl.value = r.displays.get(decl.value.trim().toLowerCase()) ?? decl.value;
  return decl;
}

/** Of the declarations of one property in one block, the one the cascade applies: the last important, else the last. */
function winners(decls: Declaration[]): Set<Declaration> {
  const win = new Map<string, Declaration>();
  for (const d of decls) {
    const held = win.get(d.prop);
    if (!held || d.important || !held.important) win.set(d.prop, d);
  }
  return new Set(win.values());
}

const valueOf = (block: Rule, prop: string) => {
  const d = block.nodes.find((n): n is Declaration => n.type === 'decl' && n.prop === prop);
  return d?.value.trim().toLowerCase();
};
const remove = (block: Rule, props: ReadonlySet<string>) => {
  for (const n of [...block.nodes]) if (n.type === 'decl' && props.has(n.prop)) n.remove();
};

/**
 * The `-webkit-box` line-clamp idiom (`display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: N;
 * overflow: hidden`, in one block) is Chromium's only line clamp: measured, `-webkit-line-clamp` clamps nothing
 * without the box and the vertical orient, and Chromium does not parse `line-clamp`. The idiom becomes the block (an
 * inline-block for `-webkit-inline-box`) with `line-clamp: N`, which the native engine draws alike; a clamp anywhere
 * else is dropped, as it draws nothing in Chromium. The legacy box's own properties lay out nothing outside it.
 */
function lineClamp(block: Rule, r: Reading): void {
  const display = valueOf(block, 'display');
  const clamp = valueOf(block, '-webkit-line-clamp');
  const overflow = valueOf(block, 'overflow-y') ?? valueOf(block, 'overflow')?.split(/\s+/).pop();
  const idiom = (display === '-webkit-box' || display === '-webkit-inline-box') && valueOf(block, '-webkit-box-orient') === 'vertical' &&
    clamp !== undefined && /^[1-9]\d*$/.test(clamp) && (overflow === 'hidden' || overflow === 'clip');
  remove(block, new Set(['-webkit-line-clamp', ...(r.table.webkitBox.lineClamp.standardLineClamp === null ? ['line-clamp'] : [])]));
  if (idiom) {
    block.nodes.find((n): n is Declaration => n.type === 'decl' && n.prop === 'display')!.value = display === '-webkit-box' ? 'block' : 'inline-block';
    block.append({ prop: 'line-clamp', value: clamp });
  }
  if (idiom || (display !== '-webkit-box' && display !== '-webkit-inline-box')) remove(block, r.boxLayout);
}

/** One block of declarations as Chromium applies it: aliases read, dropped ones gone, each property once. */
function normalizeBlock(block: Rule, r: Reading): void {
  const kept: Declaration[] = [];
  for (const node of [...block.nodes]) {
    if (node.type !== 'decl') continue;
    const d = readDeclaration(node, r);
    if (d) kept.push(d);
    else node.remove();
  }
  const win = winners(kept);
  for (const d of kept) if (!win.has(d)) d.remove();
  lineClamp(block, r);
}

const insideDescriptors = (rule: Rule) => {
  for (let p = rule.parent; p; p = p.parent as typeof p) if (p.type === 'atrule' && DESCRIPTOR_AT_RULES.has((p as AtRule).name.toLowerCase())) return true;
  return false;
};

/**
 * `@-webkit-keyframes` as `@keyframes` (the native engine reads only the latter): Chromium keeps both, and an
 * unprefixed rule of a name outranks a prefixed one wherever each stands, so a prefixed one beside it is dropped.
 */
function unprefixKeyframes(root: Root): void {
  const named = new Set<string>();
  root.walkAtRules((at) => void (isKeyframesRule(at) && at.name.toLowerCase() === 'keyframes' && named.add(at.params.trim())));
  root.walkAtRules((at) => {
    if (!isKeyframesRule(at) || at.name.toLowerCase() === 'keyframes') return;
    if (named.has(at.params.trim())) at.remove();
    else at.name = 'keyframes';
  });
}

/**
 * A stylesheet (or a style attribute parsed as `x{…}`) as Chromium applies it to a screen render, rewritten in
 * place: `@page` and `@media` rules no screen matches are gone; in each block, declarations Chromium drops are gone
 * (properties it does not know, by the measured table, and values with a prefix it does not know: `-moz-`, `-ms-`,
 * `-o-`), prefixed aliases are the property
 * Chromium stores them under (chromium-css-aliases.ts, measured) with their legacy values read its way, and of several
 * declarations of one property only the one the cascade applies is left (`display:-webkit-box; display:-ms-flexbox;
 * display:flex` is `display:flex`; an `!important` one outranks later normal ones); the `-webkit-box` line-clamp
 * idiom becomes `line-clamp` (lineClamp); `@-webkit-keyframes` is `@keyframes`. Only overrides within one block are
 * resolved.
 */
export function normalizeCss(root: Root): Root {
  root.walkAtRules((at) => {
    const name = at.name.toLowerCase();
    if (name === 'page' || (name === 'media' && !matchesScreen(at.params))) at.remove();
  });
  unprefixKeyframes(root);
  root.walkRules((rule) => {
    if (!insideDescriptors(rule)) normalizeBlock(rule, CHROMIUM);
  });
  return root;
}
