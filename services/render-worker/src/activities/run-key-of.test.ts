import { runKeyOf } from './run-key-of';

describe('run keys of scheduled runs', () => {
  test('a whole-minute run is the daily run of its local date; a trigger is keyed by its workflow', () => {
    expect(runKeyOf(new Date('2026-11-23T20:30:00.000Z'), 'Pacific/Kiritimati', 'wf-1')).toEqual({
      today: '2026-11-24',
      kind: 'daily',
      runKey: 'daily:2026-11-24',
    });
    expect(runKeyOf(new Date('2026-11-23T20:30:12.345Z'), 'UTC', 'wf-2')).toEqual({ today: '2026-11-23', kind: 'trigger', runKey: 'trigger:wf-2' });
  });

  test('two timetable runs on one local date share a key, whatever the UTC dates', () => {
    const a = runKeyOf(new Date('2026-11-23T10:05:00Z'), 'Pacific/Kiritimati', 'wf-a');
    const b = runKeyOf(new Date('2026-11-24T09:00:00Z'), 'Pacific/Kiritimati', 'wf-b');
    expect(a.runKey).toBe(b.runKey);
  });
});
