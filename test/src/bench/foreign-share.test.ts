import { gateVerdicts, maxForeignShare } from './foreign-share';
import { row } from './report';

describe('foreign CPU gate', () => {
  const rows = [row({ figure: 'x', value: 1, unit: '/s', ratio: 0.8, target: '>= 0.6' }), row({ figure: 'y', value: 2, unit: 'ms' })];

  it('finds the highest foreign share of any phase', () => {
    expect(maxForeignShare({ a: { cpu: { foreign_share: 0.04 } }, b: [{ cpu: { foreign_share: 0.21 } }] })).toBe(0.21);
    expect(maxForeignShare({ a: 1 })).toBeNull();
  });

  it('keeps verdicts on a quiet machine and withholds them on a busy one', () => {
    expect(gateVerdicts(rows, 0.05)[0]!.met).toBe(true);
    const gated = gateVerdicts(rows, 0.3);
    expect(gated[0]).toMatchObject({ met: null, note: 'not comparable: foreign CPU 30 % > 10 %' });
    expect(gated[1]).toEqual(rows[1]);
  });
});
