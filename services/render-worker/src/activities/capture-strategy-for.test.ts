import { captureStrategyFor } from './capture-strategy-for';

describe('captureStrategyFor', () => {
  const on = { transparent: false, beginFrameAvailable: true };
  it('makes auto begin-frame where the probe passed, screenshot elsewhere', () => {
    expect(captureStrategyFor('auto', on)).toBe('begin-frame');
    expect(captureStrategyFor('auto', { ...on, beginFrameAvailable: false })).toBe('screenshot');
  });
  it('keeps a transparent composition on screenshot unless begin-frame is asked for', () => {
    expect(captureStrategyFor('auto', { ...on, transparent: true })).toBe('screenshot');
    expect(captureStrategyFor('begin-frame', { ...on, transparent: true })).toBe('begin-frame');
  });
  it('honours an explicit strategy, falling back where begin-frame is missing', () => {
    expect(captureStrategyFor('screenshot', on)).toBe('screenshot');
    expect(captureStrategyFor('begin-frame', { ...on, beginFrameAvailable: false })).toBe('screenshot');
  });
});
