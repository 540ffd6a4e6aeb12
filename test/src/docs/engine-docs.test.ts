import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_REASON_CODES, NATIVE_ANIMATION_TABLE, ANIMATION_TABLE_KINDS } from '@rp/workflow-safe';

// docs/engines.md follows the sources it describes: the reason codes of packages/workflow-safe engine-decision.ts
// and the measured animation table (native-animation-table.ts, `npm run animations:table`).
const DOC = fs.readFileSync(path.resolve(__dirname, '../../../docs/engines.md'), 'utf8');

/** The rows of the markdown table under a heading, as cell arrays. */
function tableUnder(heading: string): string[][] {
  const at = DOC.indexOf(`\n${heading}\n`);
  expect(at).toBeGreaterThan(-1);
  const lines = DOC.slice(at).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((c) => c.trim()));
  }
  return rows;
}

describe('docs/engines.md', () => {
  it('lists every reason code, and no other', () => {
    const documented = new Set(tableUnder('## Reason codes').flatMap(([cell]) => [...cell!.matchAll(/`([a-z_]+)[:`]/g)].map((m) => m[1]!)));
    expect([...documented].sort()).toEqual([...ENGINE_REASON_CODES].sort());
  });

  it('shows the measured animation table as written', () => {
    const rows = tableUnder('### The animation table (measured)').map(([kind, key, engine]) => [kind, key!.replace(/`/g, ''), engine]);
    const measured = ANIMATION_TABLE_KINDS.flatMap((kind) =>
      Object.entries(NATIVE_ANIMATION_TABLE[kind]).map(([key, m]) => [kind, key, m.passed ? 'native' : '**chromium**']));
    expect(rows).toEqual(measured);
  });
});
