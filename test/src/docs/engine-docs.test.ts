import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_REASONS, ENGINE_REASON_CODES, NATIVE_ANIMATION_TABLE, ANIMATION_TABLE_KINDS, reasonCode } from '@rp/workflow-safe';
import { engineCorpus } from '@rp/render-worker/testing';
import { ANIMATED_TEMPLATES } from '../../fixtures/animated-templates/animated-templates';
import { REAL_TEMPLATES } from '../../fixtures/real-templates/real-templates';

// docs/engines.md follows the sources it describes: the reason codes of packages/workflow-safe engine-decision.ts
// (ENGINE_REASONS) and the measured animation table (native-animation-table.ts, `npm run animations:table`).
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
  it('lists every reason code of ENGINE_REASONS, and no other, with its engine and its detail', () => {
    const rows = tableUnder('## Reason codes').map(([cell, engine]) => ({ shown: [...cell!.matchAll(/`([a-z_]+)(:?)[^`]*`/g)], engine }));
    const documented = new Set(rows.flatMap((r) => r.shown.map((m) => m[1]!)));
    expect([...documented].sort()).toEqual([...ENGINE_REASON_CODES].sort());
    for (const { shown, engine } of rows) {
      for (const [, code, colon] of shown) {
        const info: { engine: string; detail?: string } = ENGINE_REASONS[reasonCode(code!)!];
        expect({ code, engine }).toEqual({ code, engine: info.engine });
        // a code shown with a detail (`unsupported_css:<property>`) is one that carries it
        if (colon) expect({ code, detail: info.detail }).toEqual({ code, detail: expect.any(String) });
      }
    }
    // and every code that carries a detail is shown with one
    const withDetail = new Set(rows.flatMap((r) => r.shown.filter((m) => m[2]).map((m) => m[1]!)));
    expect([...withDetail].sort()).toEqual(ENGINE_REASON_CODES.filter((c) => 'detail' in ENGINE_REASONS[c]).sort());
  });

  it('every reason the corpora expect is a code of ENGINE_REASONS', () => {
    const expected = [...engineCorpus, ...ANIMATED_TEMPLATES, ...REAL_TEMPLATES].map((t) => t.expected.reason);
    expect(expected.length).toBeGreaterThan(30);
    expect(expected.filter((r) => reasonCode(r) === null)).toEqual([]);
  });

  it('shows the measured animation table as written', () => {
    const rows = tableUnder('### The animation table (measured)').map(([kind, key, engine]) => [kind, key!.replace(/`/g, ''), engine]);
    const measured = ANIMATION_TABLE_KINDS.flatMap((kind) =>
      Object.entries(NATIVE_ANIMATION_TABLE[kind]).map(([key, m]) => [kind, key, m.passed ? 'native' : '**chromium**']));
    expect(rows).toEqual(measured);
  });
});
