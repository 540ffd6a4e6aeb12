import { LruMap } from '@rp/workflow-safe';

/** The part of a template version row the cache looks at. */
interface VersionLike {
  engine_reason: string | null;
}

export interface VersionCache<V extends VersionLike> {
  get(orgId: string, templateId: string, version: number): V | undefined;
  /** Keeps the row only when nothing will change it again (its engine decided); answers the row. */
  remember(orgId: string, templateId: string, version: number, row: V): V;
  readonly size: number;
}

/**
 * Template versions a worker has loaded, so each render reads only its own row (one query instead of two). A version
 * is written once and never updated, except that a pending engine decision (`parity_pending`) is replaced once by the
 * parity check (engine-decision-activities.ts `recordDecision`): a pending row is never kept, so a render never
 * sees an older decision than the database's. Keyed by org too, as every row is scoped by it. Least recently used
 * rows leave first; callers get a shallow copy, so no render changes another's row.
 */
export function createVersionCache<V extends VersionLike>(max: number): VersionCache<V> {
  const rows = new LruMap<string, V>(max);
  const key = (orgId: string, templateId: string, version: number) => `${orgId}\0${templateId}\0${version}`;
  return {
    get(orgId, templateId, version) {
      const row = rows.get(key(orgId, templateId, version));
      return row && { ...row };
    },
    remember(orgId, templateId, version, row) {
      if (row.engine_reason !== 'parity_pending') rows.set(key(orgId, templateId, version), { ...row });
      return row;
    },
    get size() {
      return rows.size;
    },
  };
}
