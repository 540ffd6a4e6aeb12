import { createApiKey, createDb, createOrg, type Knex } from '@rp/db';
import { apiClient, type ApiClient } from './api-client';
import { stackInfo } from './stack-info';

let db: Knex | undefined;

/** One knex pool per test file, closed by closeTestDb() in afterAll. */
export function testDb(): Knex {
  db ??= createDb(stackInfo().databaseUrl, { poolMax: 4 });
  return db;
}

export async function closeTestDb(): Promise<void> {
  if (db) await db.destroy();
  db = undefined;
}

export interface TestOrg {
  orgId: string;
  key: string;
  keyId: string;
  api: ApiClient;
}

/** A fresh org with its own key: tests never see each other's rows. */
export async function newOrg(name = `test-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`): Promise<TestOrg> {
  const { id: orgId } = await createOrg(testDb(), name);
  const { key, id: keyId } = await createApiKey(testDb(), orgId);
  return { orgId, key, keyId, api: apiClient(key) };
}
