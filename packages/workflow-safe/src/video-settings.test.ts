import { resolveVideoSettings } from './video-settings';

describe('resolveVideoSettings', () => {
  it('takes the request, else the template canvas, else the defaults', () => {
    expect(resolveVideoSettings({ duration_seconds: 2, fps: 24 }, { duration_seconds: 9, fps: 50 }).settings).toEqual({ duration_seconds: 2, fps: 24 });
    expect(resolveVideoSettings({}, { duration_seconds: 9, fps: 50 }).settings).toEqual({ duration_seconds: 9, fps: 50 });
    expect(resolveVideoSettings({ duration_seconds: null, fps: null }, null)).toEqual({ settings: { duration_seconds: 5, fps: 30 }, problems: [] });
  });

  it('names each field whose effective value is out of range', () => {
    const { problems } = resolveVideoSettings({}, { duration_seconds: 600, fps: 29.97 });
    expect(problems.map((p) => p.field)).toEqual(['duration_seconds', 'fps']);
  });
});
