import { execFile } from 'node:child_process';

/** Sorted, merged, inclusive code point ranges some installed font covers. */
export type Coverage = ReadonlyArray<readonly [number, number]>;

/**
 * Parses fontconfig's charset lines (`20-7e a0-17f 192`, hex, one font a line) into one merged coverage: the union
 * is what Chromium's fallback can reach, because it asks fontconfig for a face per character.
 */
export function parseCharsets(text: string): Coverage {
  const ranges: Array<[number, number]> = [];
  for (const tok of text.split(/\s+/)) {
    const m = /^([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(tok);
    if (!m) continue;
    const lo = parseInt(m[1]!, 16);
    const hi = m[2] ? parseInt(m[2], 16) : lo;
    if (hi >= lo) ranges.push([lo, hi]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

export function covers(coverage: Coverage, cp: number): boolean {
  let lo = 0;
  let hi = coverage.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = coverage[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

// Characters that draw nothing by design: whitespace, controls, joiners and variation selectors never show a box.
const INVISIBLE = /[\s\p{Cc}\p{Cf}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/u;

/** The distinct characters of `text` no font covers, in order of first appearance. */
export function missingGlyphs(text: string, coverage: Coverage): string[] {
  const out = new Set<string>();
  for (const ch of text) {
    if (INVISIBLE.test(ch)) continue;
    if (!covers(coverage, ch.codePointAt(0)!)) out.add(ch);
  }
  return [...out];
}

let installed: Promise<Coverage> | null = null;

/**
 * The installed fonts' coverage, read once per process from `fc-list` (about 20 ms). A machine without fontconfig
 * answers null coverage (every check passes) rather than flag every character.
 */
export function installedFontCoverage(): Promise<Coverage | null> {
  installed ??= new Promise<Coverage>((resolve, reject) =>
    execFile('fc-list', ['--format', '%{charset}\n'], { maxBuffer: 32 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(parseCharsets(stdout)))),
  );
  return installed.catch(() => null);
}
