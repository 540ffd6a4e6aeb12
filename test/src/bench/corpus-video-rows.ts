import type { RawVsNative } from './raw-vs-native';
import { row, type SummaryRow } from './report';
import { median, ratio, round } from './stats';

/** One public-corpus template's figures in a corpus video phase (corpus-video-bench.ts). */
export interface CorpusVideo extends RawVsNative {
  /** What `auto` decided on the bench stack (the manifest's expected decision picked the template). */
  decision: { engine: string; reason: string };
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

const ratioOf = (v: CorpusVideo) => ratio(v.e2e_auto?.fps, v.raw_begin_frame?.fps);

/** One row per template, then the median ratio over those decided `engine` on the stack. */
export function corpusVideoRows(r: Record<string, CorpusVideo> | undefined, engine: string): SummaryRow[] {
  if (!r) return [];
  const label = 'raw begin-frame pipeline, same document';
  const rows = Object.entries(r).map(([name, v]) =>
    row({
      figure: `public corpus ${name} ${v.width}x${v.height} ${v.seconds} s, engine auto`,
      value: v.e2e_auto?.fps ?? null,
      unit: 'fps',
      baseline: v.raw_begin_frame?.fps ?? null,
      baseline_label: label,
      ratio: ratioOf(v),
      note: `decided ${v.decision.engine} (${v.decision.reason}); median of ${v.runs_fps.e2e_auto.join(' / ')} fps against raw ${v.runs_fps.raw_begin_frame.join(' / ')}`,
    }),
  );
  const decided = Object.entries(r).filter(([, v]) => v.decision.engine === engine && ratioOf(v) != null);
  const m = median(decided.map(([, v]) => ratioOf(v)!));
  return [
    ...rows,
    row({
      figure: `public corpus animated templates decided ${engine}: median ratio`,
      value: m == null ? null : round(m, 2),
      unit: '×',
      note: `${decided.length} of ${Object.keys(r).length} templates: ${decided.map(([name, v]) => `${name} ${ratioOf(v)}`).join(', ')}`,
    }),
  ];
}
