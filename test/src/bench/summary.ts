import { isolationRows } from './isolation-bench';
import { nativeRows } from './native-bench';
import { nativeVideoRows } from './native-video-bench';
import { corpusVideoRows } from './corpus-video-rows';
import { preflightRows } from './preflight-bench';
import { row, type SummaryRow } from './report';
import { ratio, round } from './stats';

/**
 * The summary table and its ratios, from the raw result object. Every ratio divides two figures of the same run.
 * Targets are #14's (images, PNG size, collections, webhooks, video) and #15's (fair share); the load rows are the
 * proof suite's.
 */
export function buildSummary(r: Record<string, any>): SummaryRow[] {
  return [
    ...imageRows(r.images),
    ...urlRows(r.urls),
    ...videoRows(r.videos),
    ...formatRows(r.formats),
    ...collectionRows(r),
    ...fairnessRows(r.fairness),
    ...webhookRows(r.webhooks, r.native),
    ...loadRows(r.load),
    ...isolationRows(r.isolation),
    ...nativeRows(r.native),
    ...nativeVideoRows(r.native_video),
    ...corpusVideoRows(r.native_video_corpus, 'native'),
    ...corpusVideoRows(r.chromium_video_corpus, 'chromium'),
    ...preflightRows(r.preflight),
  ];
}

function imageRows(img: Record<string, any> | undefined): SummaryRow[] {
  if (!img) return [];
  const { raw, e2e } = img;
  const tp = e2e?.throughput;
  // the floor taken next to the e2e run when there is one (adjacent-floor.ts), else the raw phase's
  const adj = e2e?.floor;
  const floorMs = adj?.p50_ms ?? raw?.sequential.p50Ms ?? null;
  const floorRps = adj?.renders_per_s ?? raw?.parallel.renders_per_s ?? null;
  const floorLabel = adj ? 'floor before+after, pool callers' : 'raw floor, pool callers';
  return [
    row({ figure: 'image raw floor: ms per render (1 caller, p50)', value: floorMs, unit: 'ms', note: `PNG + 320 px JPEG thumbnail; capture only ${raw?.capture_only?.p50Ms ?? '-'} ms` }),
    row({ figure: `image raw floor: renders/s (${raw?.parallel.callers ?? '?'} callers = pool)`, value: raw?.parallel.renders_per_s ?? null, unit: '/s' }),
    row({ figure: 'image captureImage() in-process (p50)', value: raw?.render_image_fn.p50_ms ?? null, unit: 'ms', note: 'guard+ready+encode+thumb' }),
    row({ figure: 'warnings read: cost on captureImage (p50, interleaved)', value: raw?.warnings_cost?.cost_pct ?? null, unit: '%', note: `target < 5 %; ${raw?.warnings_cost?.without_p50_ms ?? '-'} -> ${raw?.warnings_cost?.with_p50_ms ?? '-'} ms` }),
    row({
      figure: `image e2e throughput (${tp?.clients ?? '?'} sync clients)`,
      value: tp?.renders_per_s ?? null,
      unit: '/s',
      baseline: floorRps,
      baseline_label: floorLabel,
      ratio: ratio(tp?.renders_per_s, floorRps),
      target: '>= 0.60',
      note: tp ? `stretch 0.70; ${tp.completed}/${tp.attempted} ok${adj ? `; floor ${adj.before.renders_per_s} / ${adj.after?.renders_per_s ?? '-'}/s` : ''}` : undefined,
    }),
    row({
      figure: 'image sync latency p50 (1 client)',
      value: e2e?.sync.p50_ms ?? null,
      unit: 'ms',
      baseline: floorMs,
      baseline_label: adj ? 'floor p50, before+after' : 'raw floor p50',
      ratio: ratio(e2e?.sync.p50_ms, floorMs),
      target: '<= 1.6',
      note: e2e ? `p95 ${e2e.sync.p95_ms} ms; vs capture only ${ratio(e2e.sync.p50_ms, raw?.capture_only?.p50Ms) ?? '-'}` : undefined,
    }),
    row({
      figure: 'image PNG size (card, stored file)',
      value: e2e?.sync.png_bytes_p50 != null ? Math.round(e2e.sync.png_bytes_p50 / 1024) : null,
      unit: 'KB',
      baseline: raw?.chromium_default_png_bytes != null ? Math.round(raw.chromium_default_png_bytes / 1024) : null,
      baseline_label: "Chromium's default PNG",
      ratio: ratio(e2e?.sync.png_bytes_p50, raw?.chromium_default_png_bytes),
      target: '<= 1.2',
    }),
  ];
}

function urlRows(urls: Record<string, any> | undefined): SummaryRow[] {
  if (!urls) return [];
  return (['miss', 'hit'] as const).map((k) =>
    row({
      figure: `render URL, cache ${k} (p50, 1 client)`,
      value: urls[k].p50_ms,
      unit: 'ms',
      baseline: urls.sync.p50_ms,
      baseline_label: 'sync POST p50, same phase',
      ratio: ratio(urls[k].p50_ms, urls.sync.p50_ms),
      note: `p95 ${urls[k].p95_ms} ms; ${urls[k].failed} failed`,
    }),
  );
}

function videoRows(videos: Record<string, any> | undefined): SummaryRow[] {
  return Object.entries(videos ?? {}).flatMap(([size, v]) => {
    const one = v.e2e_one_worker;
    const two = v.e2e_two_workers;
    const by = v.raw?.by_strategy ?? {};
    return [
      row({ figure: `video ${size} best raw pipeline`, value: v.raw?.fps ?? null, unit: 'fps', note: `screenshot ${by.screenshot?.fps ?? '-'}, begin-frame ${by['begin-frame']?.fps ?? '-'}` }),
      row({
        figure: `video ${size} e2e, defaults, 1 worker (${one?.chunks ?? '?'} chunks)`,
        value: one?.fps ?? null,
        unit: 'fps',
        baseline: v.raw?.fps ?? null,
        baseline_label: 'best raw',
        ratio: ratio(one?.fps, v.raw?.fps),
        // #14 sets the target at 720p and asks for 1080p to be reported
        ...(size === '1280x720' ? { target: '>= 1.5' } : {}),
      }),
      row({
        figure: `video ${size} e2e, ${v.long_seconds ?? '?'} s video (${two?.chunks ?? '?'} chunks), 2 workers`,
        value: two?.fps ?? null,
        unit: 'fps',
        baseline: one?.fps ?? null,
        baseline_label: '1 worker',
        ratio: ratio(two?.fps, one?.fps),
        note: two ? `chunks per worker ${Object.values(two.chunks_per_worker).join('/')}; 2 cores: bounds overhead, not scaling` : undefined,
      }),
    ];
  });
}

function collectionRows(r: Record<string, any>): SummaryRow[] {
  const col = r.collections;
  if (!col) return [];
  const res = col.result;
  // a run cut by the time budget is judged on its projection, and says so
  const wall: number | null = res ? (res.wall_s ?? res.projected_wall_s ?? null) : null;
  const perS = wall ? round(res.items / wall, 2) : null;
  const floor = r.images?.raw?.parallel.renders_per_s ?? null;
  col.renders_per_s = perS;
  return [...collectionThroughputRows(res, perS, floor, wall), ...collectionCostRows(r)];
}

function collectionThroughputRows(res: any, perS: number | null, floor: number | null, wall: number | null): SummaryRow[] {
  return [
    row({
      figure: `collection ${res?.items ?? '?'} items, POST to zip ready`,
      value: perS,
      unit: '/s',
      baseline: floor,
      baseline_label: 'raw floor, pool callers',
      ratio: ratio(perS, floor),
      target: '>= 0.60',
      note: res
        ? `${res.wall_s == null ? `PROJECTED (cut at ${res.elapsed_s} s); ` : ''}wall ${wall} s; ${res.completed} ok ${res.failed} failed${res.items_in_flight_mean == null ? '' : `; ${res.items_in_flight_mean} items in flight on average`}`
        : undefined,
    }),
  ];
}

/** Per item: Temporal actions and CPU against one single image's (item workflows, #26). */
function collectionCostRows(r: Record<string, any>): SummaryRow[] {
  const per = r.collections?.result?.per_item;
  if (!per) return [];
  const single = r.collections.single_image_temporal;
  const singleCpu = r.images?.e2e?.throughput?.cpu_s_per_render?.temporal ?? null;
  return [
    row({
      figure: 'collection Temporal actions per item',
      value: per.temporal.actions,
      unit: '',
      baseline: single?.actions ?? null,
      baseline_label: 'single image',
      ratio: ratio(per.temporal.actions, single?.actions),
      note: `workflow tasks ${per.temporal.workflow_tasks}/item (single ${single?.workflow_tasks ?? '-'}); activity tasks ${per.temporal.activity_tasks}; history events ${per.temporal.events}`,
    }),
    row({
      figure: 'collection Temporal CPU per item',
      value: per.temporal_cpu_s,
      unit: 's',
      baseline: singleCpu,
      baseline_label: 'single image (e2e throughput)',
      ratio: ratio(per.temporal_cpu_s, singleCpu),
      target: '<= 1.5',
      note: `stack CPU ${per.stack_cpu_s} s/item`,
    }),
  ];
}

function fairnessRows(f: Record<string, any> | undefined): SummaryRow[] {
  if (!f) return [];
  return [
    row({
      figure: `org B sync p50 during org A's ${f.collection_items}-item collection`,
      value: f.contended.p50_ms,
      unit: 'ms',
      baseline: f.idle.p50_ms,
      baseline_label: 'B idle p50',
      ratio: f.ratio_p50,
      target: '<= 2',
      note: `A had ${f.a_items_left_when_b_done} items left when B finished; B failed ${f.idle.failed + f.contended.failed}`,
    }),
  ];
}

/** Deliveries/s against the native image throughput of the same run (#39: at least 3x), and what a delivery costs. */
function webhookRows(w: Record<string, any> | undefined, native: Record<string, any> | undefined): SummaryRow[] {
  if (!w) return [];
  const nativeRps = native?.e2e?.throughput?.renders_per_s ?? null;
  const perDelivery = (w.cpu_ms_per_delivery ?? {}) as Record<string, number>;
  return [
    row({
      figure: `webhook deliveries (${String(w.events)} events x ${String(w.webhooks)} webhooks, exactly once)`,
      value: Number(w.deliveries_per_second),
      unit: '/s',
      baseline: nativeRps,
      baseline_label: 'native e2e images/s',
      ratio: ratio(w.deliveries_per_second, nativeRps),
      target: '>= 3',
      note: `first emit to last receipt; receiver window ${String(w.receive_rate_per_second)}/s`,
    }),
    row({
      figure: 'webhook CPU per delivery (CPU-ms, by component)',
      value: round(Object.entries(perDelivery).filter(([k]) => k !== 'foreign').reduce((a, [, v]) => a + v, 0), 2),
      unit: 'CPU-ms',
      note: Object.entries(perDelivery).map(([k, v]) => `${k} ${v}`).join(', '),
    }),
    row({ figure: 'webhook deliveries without a workflow (visibility)', value: w.deliveries_without_workflow ?? null, unit: '', target: '== 0' }),
  ];
}

function loadRows(l: Record<string, any> | undefined): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const load = l?.result;
  for (const [name, s] of Object.entries(load ? { people: load.people, images: load.images } : {}) as [string, any][]) {
    rows.push(
      row({
        figure: `load ${name} held rate (${s.target_rps}/s target)`,
        value: s.achieved_rps,
        unit: '/s',
        baseline: s.target_rps,
        baseline_label: 'target',
        ratio: s.held,
        target: '>= 0.90',
        note: `p99 ${s.latency_ms.p99} ms, ${s.requests} req`,
      }),
    );
    rows.push(row({ figure: `load ${name} non-429 errors`, value: s.non429_errors, unit: '', target: '== 0', note: `429s: ${s.rate_limited}` }));
  }
  if (l?.rate_limit) rows.push(rateLimitRow(l.rate_limit));
  return rows;
}

function rateLimitRow(probe: Record<string, any>): SummaryRow {
  const headersOk = probe.after.status === 429 && probe.after.limit && probe.after.remaining === '0' && probe.after.reset && probe.after.retry_after;
  const rps = Math.round(probe.sent / Math.max(probe.seconds, 0.1));
  // the window is fixed from the key's first request: a burst slower than limit/60 per second never crosses it
  const tooSlow = probe.seconds >= 58 && probe.rate_limited === 0;
  return row({
    figure: `rate limit: passed in burst of ${probe.sent}`,
    value: tooSlow ? null : probe.passed,
    unit: '',
    baseline: probe.limit,
    baseline_label: 'limit/min',
    target: `== ${probe.limit}`,
    note: tooSlow
      ? `not provable: API served ${rps} req/s, under limit/60`
      : `${probe.rate_limited} x 429 in ${probe.seconds} s (${rps} req/s); 429 headers ${headersOk ? 'ok' : 'MISSING'}`,
  });
}

/** 720p gif and webm fps next to mp4 (same fixture, same fps), and seconds per PDF next to PNG. */
function formatRows(f: Record<string, any> | undefined): SummaryRow[] {
  if (!f) return [];
  const v = f.videos;
  const mp4 = v?.mp4?.fps ?? null;
  const rows = (['mp4', 'webm', 'gif'] as const).map((k) =>
    row({
      figure: `video 1280x720 ${k}, ${v?.fps ?? '?'} fps template, e2e`,
      value: v?.[k]?.fps ?? null,
      unit: 'fps',
      ...(k === 'mp4' ? {} : { baseline: mp4, baseline_label: 'mp4', ratio: ratio(v?.[k]?.fps, mp4) }),
      note: v?.[k] ? `${v[k].chunks} chunks, final step ${v[k].breakdown_ms['5_concat_activity'] ?? '-'} ms` : undefined,
    }),
  );
  const pdf = f.pdf;
  rows.push(row({ figure: 'image card png, s per render (sync p50)', value: pdf?.png_s_per_render ?? null, unit: 's' }));
  rows.push(
    row({
      figure: 'image card pdf, s per render (sync p50)',
      value: pdf?.pdf_s_per_render ?? null,
      unit: 's',
      baseline: pdf?.png_s_per_render ?? null,
      baseline_label: 'png',
      ratio: pdf?.pdf_over_png_p50 ?? null,
    }),
  );
  return rows;
}
