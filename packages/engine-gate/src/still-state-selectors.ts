import { AttributeAction, parse, SelectorType, stringify, type Selector } from 'css-what';

/** The states no still render is in: nothing is hovered, pressed, visited, targeted or focused by a user. */
export const NEVER_STATES: readonly string[] = ['hover', 'active', 'visited', 'target', 'focus-visible', '-moz-focusring', 'autofill', '-webkit-autofill'];
/** Every link is unvisited in a still render, so these select what `:any-link` does: `a` and `area` with an `href`. */
const LINK_STATES = new Set(['link', 'any-link', '-webkit-any-link']);
const NEVER = new Set(NEVER_STATES);
const MENTIONS_STATE = new RegExp(`:(?:${[...LINK_STATES, ...NEVER_STATES].join('|')})(?![\\w-])`, 'i');

const attr = (name: string): Selector => ({ type: SelectorType.Attribute, name, action: AttributeAction.Exists, value: '', namespace: null, ignoreCase: null });
const tag = (name: string): Selector => ({ type: SelectorType.Tag, name, namespace: null });
// both keep the pseudo-class's specificity (0,1,0): an attribute selector counts as one, `:where()` and `:not(*)` as
// nothing; `:not(*)` never matches, so the attribute's name is never read
const LINK: Selector[] = [{ type: SelectorType.Pseudo, name: 'where', data: [[tag('a')], [tag('area')]] }, attr('href')];
const NEVER_MATCHES: Selector[] = [attr('data-state'), { type: SelectorType.Pseudo, name: 'not', data: [[{ type: SelectorType.Universal, namespace: null }]] }];

function rewrite(selector: Selector[]): Selector[] {
  return selector.flatMap((t): Selector[] => {
    if (t.type !== SelectorType.Pseudo) return [t];
    if (LINK_STATES.has(t.name)) return LINK;
    if (NEVER.has(t.name)) return NEVER_MATCHES;
    return Array.isArray(t.data) ? [{ ...t, data: t.data.map(rewrite) }] : [t];
  });
}

/**
 * A selector list with the user-action and link states written as what they select in a still render, in selectors
 * an engine without those pseudo-classes reads: `:link` as `:where(a,area)[href]`, `:visited`, `:hover` and the
 * other states of NEVER_STATES as a compound that never matches. takumi parses none of them but `:hover`, and a
 * selector it cannot parse drops the whole rule, so e-mails' `a:link, a:visited { color }` (mailchimp's, 52 of the
 * 254 surveyed) drew their links in the default blue. A list that does not mention a state, or that css-what cannot
 * read, is returned as written.
 */
export function stillStateSelector(list: string): string {
  if (!MENTIONS_STATE.test(list)) return list;
  try {
    return stringify(parse(list).map(rewrite));
  } catch {
    return list;
  }
}
