import type { Knex } from 'knex';

// MAX_PENDING_RENDERS_PER_ORG is checked on every admission under the org's advisory lock: the lock and the count
// were two round trips inside the admission transaction. One function does both: a statement of a VOLATILE
// PL/pgSQL function takes a fresh snapshot in READ COMMITTED, so the count, run after the lock is held, sees every
// admission committed before it (the same exactness as two statements). The lock key is the one the two statements
// took ('pending-renders:' || org id), so old and new API processes exclude each other during a rolling deploy.
// rp_admit_org makes a single render's admission one statement: it is the value of the new row's org_id, so the
// INSERT takes the lock, counts, and either stores the row or fails with SQLSTATE RP429 (the count in DETAIL), and
// its autocommit releases the lock: no BEGIN, no COMMIT, no separate lock round trip.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION rp_lock_and_count_pending(p_org text) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtextextended('pending-renders:' || p_org, 0));
      RETURN (SELECT count(*) FROM renders WHERE org_id = p_org::uuid AND status IN ('pending', 'rendering'));
    END
    $$`);
  await knex.raw(`
    CREATE FUNCTION rp_admit_org(p_org text, p_adding integer, p_cap integer) RETURNS uuid LANGUAGE plpgsql VOLATILE AS $$
    DECLARE n bigint := rp_lock_and_count_pending(p_org);
    BEGIN
      IF n + p_adding > p_cap THEN
        RAISE EXCEPTION USING ERRCODE = 'RP429', MESSAGE = 'too many pending renders', DETAIL = n::text;
      END IF;
      RETURN p_org::uuid;
    END
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION IF EXISTS rp_admit_org(text, integer, integer)');
  await knex.raw('DROP FUNCTION IF EXISTS rp_lock_and_count_pending(text)');
}
