import fs from 'node:fs';
import path from 'node:path';
import { createApiKey, createDb, createOrg, revokeApiKey } from '@rp/db';

const USAGE = `usage:
  npm run keys -- create --org NAME     creates an org and an API key, prints the key
  npm run keys -- revoke --key-id ID    revokes a key
DATABASE_URL is read from env, else from the dev stack (.stack/dev/stack.json; STACK_FILE overrides).`;

export function parseKeysArgs(argv: string[]): { command: 'create'; org: string } | { command: 'revoke'; keyId: string } {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const [k, inline] = rest[i].split('=', 2);
    if (!k.startsWith('--')) throw new Error(`unexpected argument "${rest[i]}"\n${USAGE}`);
    flags[k.slice(2)] = inline ?? rest[++i] ?? '';
  }
  if (command === 'create' && flags.org) return { command, org: flags.org };
  if (command === 'revoke' && flags['key-id']) return { command, keyId: flags['key-id'] };
  throw new Error(USAGE);
}

export function resolveDatabaseUrl(env: NodeJS.ProcessEnv, repoRoot: string): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const file = env.STACK_FILE || path.join(repoRoot, '.stack', 'dev', 'stack.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { databaseUrl: string }).databaseUrl;
  } catch {
    throw new Error(`DATABASE_URL is not set and ${file} is unreadable: start the stack (npm start) or set DATABASE_URL`);
  }
}

async function main() {
  const args = parseKeysArgs(process.argv.slice(2));
  const db = createDb(resolveDatabaseUrl(process.env, path.resolve(__dirname, '..', '..', '..')), { poolMax: 1 });
  try {
    if (args.command === 'create') {
      const org = await createOrg(db, args.org);
      const key = await createApiKey(db, org.id);
      process.stderr.write(`org "${args.org}" id=${org.id} key id=${key.id}\n`);
      process.stdout.write(`${key.key}\n`);
    } else {
      const n = await db('api_keys').where({ id: args.keyId }).count<{ count: number }[]>({ count: '*' });
      if (!Number(n[0]?.count)) throw new Error(`no key with id ${args.keyId}`);
      await revokeApiKey(db, args.keyId);
      process.stderr.write(`revoked key ${args.keyId}\n`);
    }
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
