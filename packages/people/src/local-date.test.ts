import { isTimeZone, localDate, localTime } from './local-date';

describe('zone-local dates', () => {
  test('the date and time of an instant in a zone, across its DST change', () => {
    const t = new Date('2026-11-23T20:30:00Z');
    expect(localDate(t, 'UTC')).toBe('2026-11-23');
    expect(localDate(t, 'Pacific/Kiritimati')).toBe('2026-11-24'); // UTC+14
    expect(localDate(new Date('2026-11-23T05:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-11-22'); // UTC-11
    expect(localTime(t, 'Asia/Kolkata')).toBe('02:00:00');
    // Berlin: 09:00 local is 08:00 UTC in winter and 07:00 UTC in summer
    expect(localTime(new Date('2026-03-28T08:00:00Z'), 'Europe/Berlin')).toBe('09:00:00');
    expect(localTime(new Date('2026-03-30T07:00:00Z'), 'Europe/Berlin')).toBe('09:00:00');
    expect(localTime(new Date('2026-03-29T00:00:00Z'), 'Europe/Berlin')).toBe('01:00:00');
  });

  test('zone names', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
