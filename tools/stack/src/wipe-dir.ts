import fs from 'node:fs';
import path from 'node:path';

/** rm -rf with guard rails: never the repo root, home or a top-level dir. */
export function wipeDir(dir: string, repoRoot: string): void {
  const abs = path.resolve(dir);
  const forbidden = [path.resolve(repoRoot), path.resolve(process.env.HOME ?? '/'), '/'];
  if (forbidden.includes(abs) || abs.split(path.sep).filter(Boolean).length < 2) {
    throw new Error(`refusing to wipe data dir ${abs}`);
  }
  fs.rmSync(abs, { recursive: true, force: true });
}
