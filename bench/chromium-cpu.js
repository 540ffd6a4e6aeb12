#!/usr/bin/env node
/*
 * CPU per Chromium image of the render worker's own Node, by step: the worker's image path (captureImage with the
 * request guard, readiness, warnings, one capture, encode + thumbnail; then the activity's sha256, provenance and
 * image_metadata JSON) on a pool like the worker's, N times, one caller. CPU comes from process.cpuUsage() (user +
 * system of every thread: libvips included), so the figures hold on a loaded machine where wall time does not.
 * The uploads are not made (no MinIO here): the bytes are handed to a no-op store.
 *
 *   npm run -s build
 *   node --max-semi-space-size=32 bench/chromium-cpu.js [N=200] [png|jpeg|webp|pdf|floor]
 *   node --max-semi-space-size=32 --cpu-prof --cpu-prof-dir=/tmp/cpuprof bench/chromium-cpu.js 200
 *   node test/dist/bench/cpu-profile-summary.js /tmp/cpuprof 20
 *
 * `floor` renders the same card as the bench's raw floor does (benchRawRender: setContent, fonts, a fast PNG and a
 * 320 px JPEG thumbnail capture, nothing else) on the same kind of pool, for the same two CPU figures.
 *
 * A step's CPU is measured around its call, so it includes whatever else the event loop ran meanwhile (with one
 * render at a time: the CDP messages of that render). `page + CDP` is the rest of captureImage.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createSsrfGuard } = require('@rp/net-guard');
const { arialCardFixture, chromiumPath } = require('@rp/render-worker/testing');
const { createBrowserPool, createRequestGuard, captureImage } = require('@rp/render-worker/renderer');

const dist = (file) => require(path.join(__dirname, '..', 'services/render-worker/dist', file));
const encodeModule = dist('renderer/encode-outputs.js');
const readyModule = dist('renderer/engines/chromium/pages/wait-for-page-ready.js');
const sessionModule = dist('renderer/engines/chromium/pages/page-session.js');
const warningsModule = dist('renderer/warnings/collect-warnings.js');
const provenance = dist('activities/render-provenance.js');

const totals = new Map();
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** CPU-ms of every descendant process (Chromium and its renderer, GPU and utility processes), from /proc. */
function childrenCpuMs() {
  const stats = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(pid), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of stats) if (!mine.has(s.pid) && mine.has(s.ppid)) mine.add(s.pid), (grew = true);
  }
  return stats.filter((s) => s.pid !== process.pid && mine.has(s.pid)).reduce((sum, s) => sum + s.ticks * 10, 0);
}
const add = (step, ms) => totals.set(step, (totals.get(step) ?? 0) + ms);

/** Replaces module.exports[name] by a wrapper that adds the CPU of each call (until its promise settles) to `step`. */
function meter(mod, name, step) {
  const original = mod[name];
  mod[name] = function metered(...args) {
    const start = cpuMs();
    const out = original.apply(this, args);
    if (out && typeof out.then === 'function') return out.finally(() => add(step, cpuMs() - start));
    add(step, cpuMs() - start);
    return out;
  };
}

async function main() {
  const n = Number(process.argv[2] ?? 200);
  const format = process.argv[3] ?? 'png';
  meter(encodeModule, 'encodeOutputs', 'encode PNG + thumbnail');
  meter(readyModule, 'waitForPageReady', 'readiness + layout facts evaluate');
  meter(warningsModule, 'warningsOf', 'warnings rules');
  const pageSession = sessionModule.pageSession;
  sessionModule.pageSession = async (page) => {
    const session = await pageSession(page);
    if (!session.__metered) {
      const send = session.send.bind(session);
      session.send = (method, params) => {
        if (method !== 'Page.captureScreenshot') return send(method, params);
        const start = cpuMs();
        return send(method, params).finally(() => add('capture: CDP message + JSON', cpuMs() - start));
      };
      session.__metered = true;
    }
    return session;
  };
  const b64 = Buffer.from;
  Buffer.from = function from(value, encoding, ...rest) {
    if (encoding !== 'base64' || typeof value !== 'string') return b64.call(Buffer, value, encoding, ...rest);
    const start = cpuMs();
    const out = b64.call(Buffer, value, encoding, ...rest);
    add('capture: base64 -> Buffer', cpuMs() - start);
    return out;
  };

  const ssrfGuard = createSsrfGuard({ allowCidrs: '127.0.0.2/32' });
  const pool = await createBrowserPool({ executablePath: chromiumPath(), size: 1, recycleAfter: 1_000_000, ssrfGuard });
  if (format === 'floor') return floor(pool, n);
  const guard = createRequestGuard({ ssrfGuard, resolveAsset: async () => null });
  const card = arialCardFixture;
  const warnFor = warningsModule.placeholderKinds(card.placeholders, card.modifications);
  const store = { put: async (_key, body) => body.length };
  const once = async () => {
    const start = cpuMs();
    const out = await captureImage(pool, { document: card.document, width: card.width, height: card.height, format, timeoutMs: 30_000, guard, orgId: 'bench', warnFor });
    add('captureImage (all)', cpuMs() - start);
    const s2 = cpuMs();
    const imageSha256 = provenance.sha256(out.image);
    await Promise.all([store.put('result.png', out.image), store.put('thumb.jpg', out.thumbnail)]);
    const meta = {
      width: out.width, height: out.height, format, bytes: out.image.length, sha256: imageSha256, warnings: out.warnings ?? [],
      provenance: provenance.buildProvenance({
        template_id: 't', template_version: 1, document_sha256: provenance.sha256(card.document), engine: 'chromium',
        engine_version: `chromium ${out.browserVersion}`, chromium_version: out.browserVersion, fonts: await provenance.fontPackageVersions(),
        assets: out.assets,
      }),
    };
    JSON.stringify(meta);
    add('activity: sha256, provenance, metadata JSON', cpuMs() - s2);
    return out;
  };
  let last;
  for (let i = 0; i < 10; i++) last = await once(); // warm-up: first page, fonts, JIT
  totals.clear();
  const start = cpuMs();
  const chromiumStart = childrenCpuMs();
  const wall = performance.now();
  for (let i = 0; i < n; i++) await once();
  const all = cpuMs() - start;
  const wallMs = performance.now() - wall;
  const chromium = childrenCpuMs() - chromiumStart;
  await pool.close();
  const per = (ms) => (ms / n).toFixed(2);
  const measured = ['encode PNG + thumbnail', 'readiness + layout facts evaluate', 'warnings rules', 'capture: CDP message + JSON', 'capture: base64 -> Buffer']
    .reduce((sum, k) => sum + (totals.get(k) ?? 0), 0);
  console.log(`${n} renders, ${format} ${last.image.length} B, thumbnail ${last.thumbnail.length} B, warnings ${last.warnings?.length ?? 0}; wall ${(wallMs / n).toFixed(1)} ms/render`);
  console.log(`CPU-ms per image: this Node process ${per(all)}, Chromium (all its processes) ${per(chromium)}`);
  for (const [k, v] of totals) console.log(`  ${k.padEnd(48)} ${per(v)}`);
  console.log(`  ${'page + CDP (rest of captureImage)'.padEnd(48)} ${per((totals.get('captureImage (all)') ?? 0) - measured)}`);
}

/** The bench's raw floor on the card: the Node and Chromium CPU of a render with none of the worker's steps. */
async function floor(pool, n) {
  const { benchRawRender } = require(path.join(__dirname, '..', 'test/dist/bench/bench-raw-render.js'));
  await benchRawRender(pool, arialCardFixture.document, 10, { warmup: 0 });
  const start = cpuMs();
  const chromiumStart = childrenCpuMs();
  const stats = await benchRawRender(pool, arialCardFixture.document, n, { warmup: 0 });
  const all = cpuMs() - start;
  const chromium = childrenCpuMs() - chromiumStart;
  await pool.close();
  console.log(`${n} floor renders (setContent, fonts, fast PNG + 320 px JPEG capture); p50 ${stats.p50Ms} ms`);
  console.log(`CPU-ms per render: this Node process ${(all / n).toFixed(2)}, Chromium (all its processes) ${(chromium / n).toFixed(2)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
