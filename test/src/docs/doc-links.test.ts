import fs from 'node:fs';
import path from 'node:path';
import { headingAnchors, markdownLinks } from './markdown-links';

// Every relative link in README.md and docs/**/*.md points at a file of the repository, and every #anchor at a
// heading of the markdown file it names. A unit test: no stack.
const ROOT = path.resolve(__dirname, '../../..');

function markdownUnder(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}
const DOCS = ['README.md', ...markdownUnder('docs')];
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), 'utf8');

/** The broken links of one file, as `file:line target (why)`. */
function brokenLinks(doc: string): string[] {
  const broken: string[] = [];
  for (const { target, line } of markdownLinks(read(doc))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:: not files of the repository
    const [file = '', anchor] = target.split('#');
    const resolved = file ? path.normalize(path.join(path.dirname(doc), decodeURIComponent(file))) : doc;
    const where = `${doc}:${line} ${target}`;
    if (resolved.startsWith('..') || path.isAbsolute(file)) broken.push(`${where} (outside the repository)`);
    else if (!fs.existsSync(path.join(ROOT, resolved))) broken.push(`${where} (no such file)`);
    else if (anchor && resolved.endsWith('.md') && !headingAnchors(read(resolved)).has(decodeURIComponent(anchor))) {
      broken.push(`${where} (no heading with that anchor in ${resolved})`);
    }
  }
  return broken;
}

describe('links in README.md and docs/', () => {
  it('finds the documents and their links', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/testing.md']));
    expect(markdownLinks(read('README.md')).length).toBeGreaterThan(10);
  });

  it.each(DOCS)('%s: every relative link resolves, anchors included', (doc) => {
    expect(brokenLinks(doc)).toEqual([]);
  });

  it('names no file outside the repository (the interface it implements is docs/api.md)', () => {
    const outside = DOCS.filter((doc) => /shared\/spec\//.test(read(doc)));
    expect(outside).toEqual([]);
  });
});

describe('the link checker itself', () => {
  it('reads inline links, images and reference definitions, not code', () => {
    const md = ['See [a](a.md#x) and ![p](img/p.png "t").', '`[no](code.md)`', '```', '[no](fenced.md)', '```', '[r]: ref.md'].join('\n');
    expect(markdownLinks(md)).toEqual([
      { target: 'a.md#x', line: 1 },
      { target: 'img/p.png', line: 1 },
      { target: 'ref.md', line: 6 },
    ]);
  });

  it("derives GitHub's heading anchors", () => {
    const md = ['# The API', '## Images (the 1080×1080 card, `fixtures/card.ts`)', '## Notes', '## Notes', '```', '# not a heading', '```'].join('\n');
    expect([...headingAnchors(md)]).toEqual(['the-api', 'images-the-10801080-card-fixturescardts', 'notes', 'notes-1']);
  });
});
