import type { CorpusVideo } from './corpus-video-rows';
import { corpusVideoRows } from './corpus-video-rows';

const video = (raw: number | null, e2e: number | null, engine = 'native'): CorpusVideo => ({
  decision: { engine, reason: engine === 'native' ? 'parity_passed' : 'parity_below_threshold' },
  width: 1280,
  height: 720,
  fps: 30,
  seconds: 2,
  raw_begin_frame: raw == null ? null : ({ fps: raw } as CorpusVideo['raw_begin_frame']),
  e2e_auto: e2e == null ? null : ({ fps: e2e } as CorpusVideo['e2e_auto']),
  runs_fps: { raw_begin_frame: raw == null ? [] : [raw], e2e_auto: e2e == null ? [] : [e2e] },
});

describe('corpus video rows', () => {
  it('gives each template its ratio to its own raw pipeline, then the median over those decided native', () => {
    const rows = corpusVideoRows({ a: video(40, 120), b: video(40, 80), c: video(20, 100), d: video(40, 400, 'chromium'), e: video(40, null) }, 'native');
    expect(rows.map((r) => [r.figure.split(' ')[2], r.ratio])).toEqual([['a', 3], ['b', 2], ['c', 5], ['d', 10], ['e', null], ['animated', undefined]]);
    const last = rows.at(-1)!;
    // d was decided chromium and e has no figure: the median is over a, b and c
    expect(last.value).toBe(3);
    expect(last.note).toBe('3 of 5 templates: a 3, b 2, c 5');
    expect(rows[3]!.note).toMatch(/^decided chromium \(parity_below_threshold\)/);
  });

  it('reports no median when nothing was measured, and no rows when the phase did not run', () => {
    expect(corpusVideoRows({ a: video(null, null) }, 'native').at(-1)!.value).toBeNull();
    expect(corpusVideoRows(undefined, 'native')).toEqual([]);
  });

  it('takes the median over the engine it is asked for', () => {
    const rows = corpusVideoRows({ a: video(40, 120), d: video(40, 36, 'chromium'), f: video(50, 40, 'chromium') }, 'chromium');
    expect(rows.at(-1)).toMatchObject({ figure: 'public corpus animated templates decided chromium: median ratio', value: 0.85, note: '2 of 3 templates: d 0.9, f 0.8' });
  });
});
