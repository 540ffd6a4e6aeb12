import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// bench/results keeps what the bench last wrote (latest.json) and the runs a document cites by name, each under a name
// saying what it is the reference for; every other run stays on the machine that made it (.gitignore).
const ROOT = path.resolve(__dirname, '../../..');
const DOCS = ['README.md', 'bench/README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('bench/results', () => {
  const kept = execFileSync('git', ['ls-files', '--', 'bench/results'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean).map((f) => path.basename(f));
  const docs = DOCS.map((d) => fs.readFileSync(path.join(ROOT, d), 'utf8')).join('\n');
  /** Whether a document names the file, as a whole name (`latest.json` is not `cluster-latest.json`). */
  const cited = (file: string) => new RegExp(`(^|[^a-z0-9.-])${file.replace(/\./g, '\\.')}\\b`).test(docs);

  it('holds latest.json and the reference runs', () => {
    expect(kept).toContain('latest.json');
    expect(kept.length).toBeGreaterThan(1);
  });

  it('holds nothing but latest.json and the runs a document cites by name', () => {
    expect(kept.filter((f) => !['latest.json', '.gitkeep'].includes(f) && !cited(f))).toEqual([]);
  });

  it('holds every run a document names by its path', () => {
    const named = [...new Set([...docs.matchAll(/bench\/results\/([a-z0-9-]+\.json)\b/g)].map((m) => m[1]!))];
    expect(named.length).toBeGreaterThan(1);
    expect(named.filter((f) => !kept.includes(f))).toEqual([]);
  });
});
