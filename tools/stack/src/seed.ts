import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createApiKey, createDb, createOrg, findOrgByKey, migrateLatest } from '@rp/db';
import type { StackSettings } from './profiles';

/** A secret generated once per data dir and kept there, so signed URLs survive restarts. */
export function persistentSecret(file: string, bytes = 32): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 16) return existing;
  } catch {
    // first run
  }
  const secret = crypto.randomBytes(bytes).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface SeedResult {
  orgId: string;
  apiKey: string;
  migrationsApplied: string[];
}

/**
 * Runs migrations and makes sure the profile's org + API key exist. The plaintext key only exists at creation
 * (the DB keeps its hash), so it is kept in `<dataDir>/<profile>-api-key` and reused while it still resolves.
 */
export async function migrateAndSeed(s: StackSettings, databaseUrl: string): Promise<SeedResult> {
  const db = createDb(databaseUrl, { poolMax: 2 });
  try {
    const migrationsApplied = await migrateLatest(db);
    const keyFile = path.join(s.dataDir, `${s.profile}-api-key`);
    const saved = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
    if (saved) {
      const found = await findOrgByKey(db, saved);
      if (found) return { orgId: found.orgId, apiKey: saved, migrationsApplied };
    }
    const org = await createOrg(db, s.profile);
    const { key } = await createApiKey(db, org.id, `${s.profile}-stack`);
    fs.writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    return { orgId: org.id, apiKey: key, migrationsApplied };
  } finally {
    await db.destroy();
  }
}
