import { cssTimeMs, splitTopLevel } from './css-values';
import { parseAnimations, type ParsedAnimation } from './parse-animations';

type Part = Exclude<keyof ParsedAnimation, 'name'> | 'name';

/** Each `animation-*` longhand and the part of a ParsedAnimation it sets, with how one of its list items reads. */
const LONGHANDS: Record<string, [Part, (item: string) => ParsedAnimation[Part] | undefined]> = {
  'animation-name': ['name', (v) => (v.toLowerCase() === 'none' ? null : v)],
  'animation-duration': ['durationMs', (v) => cssTimeMs(v) ?? undefined],
  'animation-delay': ['delayMs', (v) => cssTimeMs(v) ?? undefined],
  'animation-timing-function': ['timing', (v) => v.toLowerCase()],
  'animation-iteration-count': ['iterations', (v) => (v.toLowerCase() === 'infinite' ? Infinity : Number.isFinite(Number(v)) ? Number(v) : undefined)],
  'animation-direction': ['direction', (v) => v.toLowerCase()],
  'animation-fill-mode': ['fillMode', (v) => v.toLowerCase()],
  'animation-play-state': ['playState', (v) => v.toLowerCase()],
};

/**
 * The animations an element runs, from its `animation` and `animation-*` declarations in cascade order (lowest
 * first): the shorthand sets every longhand's list, a longhand replaces its own; the list is as long as the names',
 * the other lists repeating, as CSS Animations has it. A declaration whose value does not read is dropped, as the
 * browser drops it. An unknown `animation-*` longhand gives `{ unknown }`.
 */
export function cascadeAnimations(declarations: ReadonlyArray<{ prop: string; value: string }>): ParsedAnimation[] | { unknown: string } {
  const lists = new Map<Part, unknown[]>();
  for (const { prop, value } of declarations) {
    const p = prop.toLowerCase();
    const v = value.replace(/!\s*important\s*$/i, '').trim();
    if (p === 'animation') {
      const parsed = parseAnimations(v);
      for (const part of Object.keys(parsed[0] ?? {}) as Part[]) lists.set(part, parsed.map((a) => a[part]));
      continue;
    }
    const longhand = LONGHANDS[p];
    if (!longhand) {
      if (p.startsWith('animation-')) return { unknown: p };
      continue;
    }
    const items = splitTopLevel(v, ',').map(longhand[1]);
    if (items.length && items.every((i) => i !== undefined)) lists.set(longhand[0], items);
  }
  const names = (lists.get('name') ?? []) as Array<string | null>;
  const pick = <K extends Part>(part: K, i: number, fallback: ParsedAnimation[K]): ParsedAnimation[K] => {
    const list = lists.get(part) as Array<ParsedAnimation[K]> | undefined;
    return list?.length ? list[i % list.length]! : fallback;
  };
  return names.map((name, i) => ({
    name,
    durationMs: pick('durationMs', i, 0),
    delayMs: pick('delayMs', i, 0),
    iterations: pick('iterations', i, 1),
    timing: pick('timing', i, 'ease'),
    direction: pick('direction', i, 'normal'),
    fillMode: pick('fillMode', i, 'none'),
    playState: pick('playState', i, 'running'),
  }));
}
