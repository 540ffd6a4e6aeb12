import fs from 'node:fs';
import path from 'node:path';

// docs/ARCHITECTURE.md maps the code file by file; a rename that forgets it fails here. A unit test: no stack.
const ROOT = path.resolve(__dirname, '../../..');
const DOC = fs.readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const FILE = /^[\w@.-]+(\/[\w@.-]+)*\.(ts|tsx|js|cjs|json|md|sh|yaml)$/;
const SKIP = new Set(['node_modules', 'dist', '.git', '.stack', '.data', 'coverage']);

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(path.relative(ROOT, p));
  }
  return out;
}
const FILES = walk(ROOT);

/** Every backticked file name (`http/auth.ts`, `packages/workflow-safe/src/temporal-names.ts`), and the Layout table's folders. */
function namedPaths(): { files: string[]; folders: string[] } {
  const files = [...DOC.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((t) => FILE.test(t));
  const folders = [...DOC.matchAll(/^\| ((?:packages|services|tools|apps|deploy)\/[\w/-]+|workflows|test) \|/gm)].map((m) => m[1]!);
  return { files: [...new Set(files)], folders };
}

/** A name counts as existing when it is a path from the repository root or the tail of one (`http/auth.ts`). */
const exists = (name: string) => fs.existsSync(path.join(ROOT, name)) || FILES.some((f) => f.endsWith(`/${name}`));

describe('docs/ARCHITECTURE.md', () => {
  const { files, folders } = namedPaths();

  it('opens with the folder map, then the path of one request', () => {
    const headings = [...DOC.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings.slice(0, 2)).toEqual(['Folder map', 'The path of one image request']);
  });

  it('names files (the extraction finds the request path table)', () => {
    expect(files).toEqual(expect.arrayContaining(['services/api/src/main.ts', 'http/route.ts', 'workflows/src/client.ts']));
    expect(folders).toEqual(expect.arrayContaining(['packages/render-admission', 'tools/stack', 'apps/studio', 'workflows']));
  });

  it('names only files and folders that exist', () => {
    expect([...files, ...folders].filter((name) => !exists(name))).toEqual([]);
  });
});
