import fs from 'node:fs';
import path from 'node:path';

// Lerna orders `npm run build` (and typecheck, lint) by the dependencies each workspace's package.json lists
// (lerna.json, nx.json): each package is compiled alone against the built types of the packages it lists. A workspace
// that imports one it does not list could be compiled before it, or against its old types: every workspace lists
// every workspace it imports.
const ROOT = path.resolve(__dirname, '../../..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };

/** The workspace directories the root package.json names (`packages/*` expanded). */
function workspaceDirs(): string[] {
  return workspaces.flatMap((w) => {
    if (!w.endsWith('/*')) return [w];
    const parent = w.slice(0, -2);
    return fs.readdirSync(path.join(ROOT, parent)).map((d) => `${parent}/${d}`);
  }).filter((d) => fs.existsSync(path.join(ROOT, d, 'package.json')));
}

/** Every .ts/.tsx file under dir, past node_modules, dist and nested workspaces. */
function sources(dir: string, nested: Set<string>): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist'].includes(e.name) || nested.has(p) ? [] : sources(p, nested);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const IMPORT = /(?:from\s+|import\s*\(\s*|require\(\s*)'((?:@rp|@render-platform)\/[a-z-]+)/g;

describe('workspace dependencies', () => {
  const dirs = workspaceDirs();
  const names = new Map(dirs.map((d) => [JSON.parse(fs.readFileSync(path.join(ROOT, d, 'package.json'), 'utf8')).name as string, d]));

  it('finds the workspaces', () => {
    expect(dirs.length).toBeGreaterThan(15);
    expect([...names.keys()]).toEqual(expect.arrayContaining(['@rp/workflow-safe', '@rp/studio', '@rp/test']));
  });

  it.each(dirs)('%s lists every workspace it imports', (dir) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8'));
    const listed = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
    const nested = new Set(dirs.filter((d) => d !== dir && d.startsWith(`${dir}/`)).map((d) => path.join(ROOT, d)));
    const imported = new Set(sources(path.join(ROOT, dir), nested).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => m[1]!)));
    imported.delete(pkg.name);
    expect([...imported].filter((n) => names.has(n) && !listed.has(n)).sort()).toEqual([]);
  });
});
