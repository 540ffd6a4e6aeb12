import fs from 'node:fs';
import path from 'node:path';

// README.md and docs/ describe the product as it is: no run logs dated by their runs, no issue numbers. A figure
// says how to measure it again; which run measured it, and why the code changed, belong to the results files and
// the commit messages.
const ROOT = path.resolve(__dirname, '../../..');
const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** What dates a run: a results file's stamp, a date with a time of day, a bench time (`T21-28`), a date in prose. */
const RUN_STAMPS = [/20\d\d-\d\d-\d\dT\d\d-\d\d/, /20\d\d-\d\d-\d\d,? \d\d:\d\d/, /\bT\d\d-\d\d\b/, /\b(?:on|of|since|from|at) 20\d\d-\d\d-\d\d\b/];
/** What names an issue: `#38` where no anchor or colour can be, `issue 38`, `issues #14 and #25`. */
const ISSUE_REFS = [/(?:^|[\s(,;])#\d+\b/, /\bissues? #?\d+/i, /\bPR #?\d+/];

/** The lines of a document that match one of `patterns`, as `file:line: text`. */
function linesMatching(doc: string, patterns: RegExp[]): string[] {
  return fs
    .readFileSync(path.join(ROOT, doc), 'utf8')
    .split('\n')
    .flatMap((text, i) => (patterns.some((p) => p.test(text)) ? [`${doc}:${i + 1}: ${text.trim().slice(0, 160)}`] : []));
}

describe('README.md and docs/ describe the product, not its history', () => {
  it('reads every document', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/video.md', 'docs/capacity.md']));
  });

  it.each(DOCS)('%s carries no run timestamps', (doc) => {
    expect(linesMatching(doc, RUN_STAMPS)).toEqual([]);
  });

  it.each(DOCS)('%s carries no issue numbers', (doc) => {
    expect(linesMatching(doc, ISSUE_REFS)).toEqual([]);
  });

  it('tells a run timestamp and an issue number from what the product itself writes', () => {
    const stamped = (text: string) => RUN_STAMPS.some((p) => p.test(text));
    const issue = (text: string) => ISSUE_REFS.some((p) => p.test(text));
    expect(['`bench-2026-11-26T23-32-17-760Z.json`', 'idle run of 2026-11-25 03:22', '(T21-28 to T21-37)', 'measured here on 2026-11-24'].map(stamped)).toEqual([true, true, true, true]);
    expect(['`"created_at": "2026-11-23T04:05:28.623Z"`', 'an epoch of 2025-01-01T00:00:00Z', 'born 1990-02-28'].map(stamped)).toEqual([false, false, false]);
    expect(['the target of issue #38', '(#26)', 'see issue 14', ', #7 fixed'].map(issue)).toEqual([true, true, true, true]);
    expect(['[link](docs/api.md#errors)', 'color: #1d4ed8', '`#000`', 'row #'].map(issue)).toEqual([false, false, false, false]);
  });
});
