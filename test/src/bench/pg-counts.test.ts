import { pgPerRender } from './pg-counts';

describe('pgPerRender', () => {
  it('divides the counters by the renders, without the readings own statements', () => {
    expect(pgPerRender({ commits: 100, wal_syncs: 10 }, { commits: 163, wal_syncs: 30 }, 10)).toEqual({ commits: 6, wal_syncs: 2 });
  });

  it('reports no WAL flushes where pg_stat_wal is missing (two statements a reading)', () => {
    expect(pgPerRender({ commits: 0, wal_syncs: null }, { commits: 42, wal_syncs: null }, 4)).toEqual({ commits: 10, wal_syncs: null });
  });

  it('does not divide by zero renders', () => {
    expect(pgPerRender({ commits: 0, wal_syncs: 0 }, { commits: 3, wal_syncs: 0 }, 0)).toEqual({ commits: 0, wal_syncs: 0 });
  });
});
