import type { Modification, Placeholder } from '@rp/workflow-safe';

/** One set of values the parity check renders a version with. */
export interface ParitySampleInput {
  name: string;
  modifications: Modification[];
}

const LONG_TEXT = 'A longer sample line that wraps onto a second line, as real values do';

/**
 * The values the parity check renders (docs/engines.md): the defaults (what the studio's preview shows before an
 * author types) and, when the template has text or number placeholders, a sample with longer text and a large
 * number, because wrapping, shrink-to-fit and number formats are where engines part ways.
 */
export function paritySamples(placeholders: Placeholder[]): ParitySampleInput[] {
  const samples: ParitySampleInput[] = [{ name: 'defaults', modifications: [] }];
  const long: Modification[] = [];
  for (const p of placeholders) {
    if (p.type === 'text') {
      const base = typeof p.default === 'string' && p.default.trim() ? p.default : '';
      long.push({ name: p.name, text: base ? `${base} ${LONG_TEXT.toLowerCase()}` : LONG_TEXT });
    } else if (p.type === 'number') {
      long.push({ name: p.name, number: 1234567.89 });
    }
  }
  if (long.length) samples.push({ name: 'long-text', modifications: long });
  return samples;
}
