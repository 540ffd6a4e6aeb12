import fs from 'node:fs';
import path from 'node:path';

let version: string | undefined;

/** The native engine's version as provenance records it (`takumi 2.16.3`), read once from the installed package. */
export function takumiVersion(): string {
  if (version) return version;
  // the package exports no package.json; its entry is dist/export.cjs
  const manifest = path.join(path.dirname(require.resolve('@takumi-rs/core')), '..', 'package.json');
  version = `takumi ${(JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version}`;
  return version;
}
