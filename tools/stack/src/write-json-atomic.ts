import fs from 'node:fs';

/** Writes JSON through a temporary file and a rename: a reader never sees half a file. Owner-only (it holds secrets). */
export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, file);
}
