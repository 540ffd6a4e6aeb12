import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LruMap } from '@rp/workflow-safe';
import { parseCharsets, type Coverage } from './font-coverage';

/** Coverages of uploaded fonts kept by content hash: a template's fonts come back on every render of it. */
const MAX_CACHED = 64;
const byHash = new LruMap<string, Promise<Coverage | null>>(MAX_CACHED);

const fcQuery = (file: string): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile('fc-query', ['--format', '%{charset}\n', file], { maxBuffer: 8 * 1024 * 1024, timeout: 10_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );

/** Merged coverage of several (the union is what fallback can reach); null parts are skipped. */
export function unionCoverage(parts: ReadonlyArray<Coverage | null>): Coverage {
  const text = parts
    .filter((p): p is Coverage => p !== null)
    .flatMap((p) => p.map(([a, b]) => `${a.toString(16)}-${b.toString(16)}`))
    .join(' ');
  return parseCharsets(text);
}

/** The characters font files on disk cover, read with fontconfig's `fc-query` (about 10 ms a file). */
export async function fileCoverage(files: readonly string[]): Promise<Coverage | null> {
  const out = await Promise.all(files.map((f) => fcQuery(f).then(parseCharsets, () => null)));
  return out.some((c) => c !== null) ? unionCoverage(out) : null;
}

/**
 * The characters a font given as bytes (an `@font-face` file: TTF, OTF, WOFF or WOFF2, as FreeType reads them)
 * covers: written to a private temporary file for `fc-query`, cached by the bytes' hash. A file fontconfig cannot
 * read answers null: it adds nothing, so its characters are reported missing as a browser would draw them (boxes).
 */
export function fontBytesCoverage(bytes: Uint8Array): Promise<Coverage | null> {
  const key = crypto.createHash('sha256').update(bytes).digest('hex');
  return byHash.getOrSet(key, async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rp-font-'));
    try {
      const file = path.join(dir, 'font');
      await fs.writeFile(file, bytes);
      return parseCharsets(await fcQuery(file));
    } catch {
      return null;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
}
