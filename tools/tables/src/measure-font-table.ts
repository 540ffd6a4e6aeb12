import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FontFile, FontTable } from '@rp/workflow-safe';
import { chromiumProcess } from '@rp/render-worker/renderer';
import { drawnFamilies } from '@rp/render-worker/testing';

const run = promisify(execFile);

/** CSS generic family keywords (unquoted in a list): Chromium maps each to a face or to nothing. */
export const GENERIC_FAMILIES = [
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'emoji', 'math', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
];

/** Names templates use that the platform's configuration may not mention (each is measured like the rest). */
const WEB_NAMES = [
  'Helvetica Neue', '-apple-system', 'BlinkMacSystemFont', 'Segoe UI', 'Roboto', 'Inter', 'Open Sans', 'Georgia',
  'Verdana', 'Tahoma', 'Trebuchet MS', 'Impact', 'Arial Black', 'Comic Sans MS', 'Ubuntu', 'Cantarell',
  'Noto Sans', 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Emoji',
];

/** Two fallbacks of different design: a name that falls through shows one, then the other. */
const SENTINELS = ['Liberation Mono', 'DejaVu Serif'] as const;
const FC_WEIGHT: Array<[number, number]> = [[0, 100], [40, 200], [50, 300], [80, 400], [100, 500], [180, 600], [200, 700], [205, 800], [210, 900]];

/**
 * The installed faces, from `fc-list`: one file per family, weight and style, the regular width where a family has
 * several (DejaVu's condensed cuts are not other weights; Liberation Sans Narrow has only its narrow width).
 */
export async function installedFaces(): Promise<Record<string, FontFile[]>> {
  const { stdout } = await run('fc-list', ['--format', '%{family[0]}|%{file}|%{weight}|%{slant}|%{width}\n']);
  const rows = stdout.split('\n').filter(Boolean).map((line) => line.split('|'));
  // regular width first, then by file name, so the pick is stable
  rows.sort((a, b) => Math.abs(Number(a[4]) - 100) - Math.abs(Number(b[4]) - 100) || a[1]!.localeCompare(b[1]!));
  const faces: Record<string, FontFile[]> = {};
  for (const [family, file, weight, slant] of rows) {
    if (!family || !file) continue;
    const w = FC_WEIGHT.reduce((best, [fc, css]) => (Math.abs(fc - Number(weight)) < Math.abs(best[0] - Number(weight)) ? [fc, css] : best))[1];
    const style = Number(slant) === 0 ? 'normal' : 'italic';
    const list = (faces[family] ??= []);
    if (!list.some((f) => f.weight === w && f.style === style)) list.push({ file, weight: w, style });
  }
  for (const list of Object.values(faces)) list.sort((a, b) => a.file.localeCompare(b.file));
  return Object.fromEntries(Object.entries(faces).sort(([a], [b]) => a.localeCompare(b)));
}

/** Every family name the platform's fontconfig configuration mentions (its aliases and preferences). */
async function configuredNames(): Promise<string[]> {
  const dir = '/etc/fonts/conf.d';
  const names = new Set<string>();
  for (const f of (await fs.readdir(dir)).filter((n) => n.endsWith('.conf'))) {
    const xml = await fs.readFile(`${dir}/${f}`, 'utf8').catch(() => '');
    for (const m of xml.matchAll(/<family>([^<]+)<\/family>/g)) names.add(m[1]!.trim());
  }
  return [...names];
}

const quoted = (name: string) => (GENERIC_FAMILIES.includes(name) ? name : `'${name.replace(/'/g, "\\'")}'`);

/**
 * The font table (packages/workflow-safe/src/native-font-table.ts), measured: for every family name the platform
 * configures, every installed family and the generic keywords, the face Chromium draws, asked twice with different
 * fallbacks after it so a name that falls through is seen to. Names that fall through are left out.
 */
export async function measureFontTable(executablePath: string): Promise<FontTable> {
  const faces = await installedFaces();
  const names = [...new Set([...GENERIC_FAMILIES, ...Object.keys(faces), ...(await configuredNames()), ...WEB_NAMES])].sort();
  const launched = await chromiumProcess.launch({ executablePath });
  try {
    const page = await launched.browser.newPage();
    const [def] = await drawnFamilies(page, ['initial']);
    const first = await drawnFamilies(page, names.map((n) => `${quoted(n)}, '${SENTINELS[0]}'`));
    const second = await drawnFamilies(page, names.map((n) => `${quoted(n)}, '${SENTINELS[1]}'`));
    const families: Record<string, string> = {};
    names.forEach((n, i) => {
      if (first[i] && first[i] === second[i] && faces[first[i]!]) families[n.toLowerCase()] = first[i]!;
    });
    if (!def || !faces[def]) throw new Error(`Chromium's default face ${def ?? '(none)'} is not an installed family`);
    return { default: def, families, faces };
  } finally {
    await chromiumProcess.close(launched.browser, 5_000);
    await chromiumProcess.removeProfile(launched.userDataDir, launched.browser, launched.owner);
  }
}
