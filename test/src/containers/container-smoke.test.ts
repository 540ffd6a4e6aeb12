import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { closeTestDb, decodePng, fetchBytes, newOrg, readZip, stackInfo, waitFor, type TestOrg } from '../index';
import { createCardTemplate, waitForCollection, waitForRender } from '../support/render-helpers';
import { probeVideo, withTempFile } from '@rp/test-kit';
import { createWebhook, startReceiver, type Receiver } from '../webhooks/webhook-test-kit';
import { podmanRun } from '../helm/pod-to-podman';
import type { K8sObject } from '../helm/helm';
import { PodContainer, SERVICES, localImage, owner, podman, podmanSync, renderForStack, type Service } from './podman';
import { memoryCgroupDir, readCgroupMemory } from './cgroup-memory';
import { describeMemory, watchMemory } from './memory-watch';

/*
 * Container tier (scripts/test.sh runs it after the main tier): Postgres, MinIO and Temporal are the embedded
 * stack; the API, render worker and webhook worker run from their images under podman, exactly as the Helm
 * chart's pods run them (see ../helm/pod-to-podman.ts). Every request goes through the containerised API.
 */

const W = 320;
const H = 180;
const SWEEP_HTML = `<style>body{background:#fff}#box{position:absolute;left:0;top:70px;width:40px;height:40px;background:#000;animation:s 5s linear forwards}
@keyframes s{to{transform:translateX(280px)}}</style><div id="box"></div>`;

/** A host process's command line, real uid and env names (exited processes read as empty). */
function procInfo(pid: number): { cmdline: string[]; uid: number; env: string[] } {
  const read = (f: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/${f}`, 'utf8');
    } catch {
      return '';
    }
  };
  return {
    cmdline: read('cmdline').split('\0').filter(Boolean),
    uid: Number(/^Uid:\s+(\d+)/m.exec(read('status'))?.[1] ?? -1),
    env: read('environ').split('\0').filter(Boolean).map((e) => e.slice(0, e.indexOf('='))),
  };
}

describe('the platform from its images, as the Helm chart runs it', () => {
  const info = stackInfo();
  const prefix = `rp-ct-${info.ports.api}`;
  const pods = {} as Record<Service, PodContainer>;
  let objs: K8sObject[];
  let org: TestOrg;
  let cardId: string;
  let videoId: string;
  let slowVideoId: string;
  let rx: Receiver | undefined;

  let watches: Awaited<ReturnType<typeof watchMemory>>[] = [];

  beforeAll(async () => {
    objs = renderForStack(info);
    for (const svc of SERVICES) pods[svc] = await PodContainer.start(objs, svc, prefix);
    // each container's peak over the suite, against its chart limit (docs/capacity.md)
    watches = await Promise.all(SERVICES.map((svc) => watchMemory(pods[svc])));
    org = await newOrg();
    cardId = (await createCardTemplate(org.api)).id;
    const sweep = async (name: string, engine?: 'chromium') => {
      const res = await org.api.post('/v1/templates', {
        name, type: 'video', width: W, height: H, composition_html: SWEEP_HTML, canvas_data: { duration_seconds: 5, fps: 10 }, ...(engine ? { engine } : {}),
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    videoId = await sweep('Sweep');
    // the same sweep through Chromium, for the drain test: drawn natively, with an ffmpeg spare waiting, the sweep
    // renders in about 0.1 s, between two polls of its status
    slowVideoId = await sweep('Sweep (Chromium)', 'chromium');
  }, 300_000);

  afterAll(async () => {
    const reports = await Promise.all(watches.map((w) => w.stop()));
    for (const r of reports) console.log(describeMemory(r));
    // Container logs join the stack's logs, which scripts/test.sh prints when the tier fails.
    for (const svc of SERVICES) {
      if (!pods[svc]) continue;
      fs.writeFileSync(path.join(info.logsDir, `${svc}.log`), await pods[svc].logs());
      pods[svc].remove();
    }
    await rx?.close();
    await closeTestDb();
  });

  test('the migration Job command runs from the API image (a no-op on the migrated database)', () => {
    const job = owner(objs, 'Job', 'migrate');
    const spec = podmanRun(objs, job, { name: `${prefix}-migrate`, image: localImage('api') });
    podmanSync(['rm', '-f', `${prefix}-migrate`]);
    const r = podmanSync(spec.args);
    expect({ status: r.status, out: r.out }).toEqual({ status: 0, out: expect.stringMatching(/migrate: already up to date/) });
  });

  test.each(SERVICES)("%s runs as the chart's user on a read-only root with a writable /tmp on disk and only the chart env", async (svc) => {
    const pod = pods[svc];
    const { runAsUser, runAsGroup } = pod.spec.securityContext;
    expect(await pod.inspect('{{.Config.User}} {{.HostConfig.ReadonlyRootfs}}')).toBe(`${runAsUser}:${runAsGroup} true`);
    expect((await podman(['exec', pod.name, 'id', '-u'])).trim()).toBe(String(runAsUser));
    expect(podmanSync(['exec', pod.name, 'touch', '/app/x']).out).toMatch(/Read-only file system/);
    expect(podmanSync(['exec', pod.name, 'touch', '/tmp/x']).status).toBe(0);
    // /tmp is an emptyDir on the node's disk, whose files do not count against the memory limit as a tmpfs's would
    expect(await podman(['exec', pod.name, 'sh', '-c', 'grep " /tmp " /proc/mounts'])).toMatch(/^\S+ \/tmp (?!tmpfs )\S+ rw,/);
    // The container's env is the image's ENV plus exactly what the chart sets, nothing inherited from this host.
    const names = (env: string) => (JSON.parse(env) as string[]).map((e) => e.slice(0, e.indexOf('=')));
    const imageEnv = new Set(names(await podman(['image', 'inspect', '--format', '{{json .Config.Env}}', localImage(svc)])));
    const podmanAdds = new Set(['HOSTNAME', 'container', 'TERM']);
    const extra = names(await pod.inspect('{{json .Config.Env}}')).filter((n) => !imageEnv.has(n) && !podmanAdds.has(n));
    expect(extra.sort()).toEqual(Object.keys(pod.spec.env).filter((n) => !imageEnv.has(n)).sort());
  });

  test.each(SERVICES)("%s runs under the chart's resources.limits: its cgroup's memory limit and podman's CPU quota", async (svc) => {
    const pod = pods[svc];
    const cgroup = readCgroupMemory(memoryCgroupDir(Number(await pod.inspect('{{.State.Pid}}'))));
    expect(cgroup.limitBytes).toBe(pod.spec.limits.memoryBytes);
    expect(Number(await pod.inspect('{{.HostConfig.NanoCpus}}'))).toBe(Math.round(pod.spec.limits.cpus! * 1e9));
  });

  test('Chromium runs in the container with its sandbox on, as the sandbox user, with no secret in its environment', async () => {
    const pod = pods['render-worker'];
    const { runAsUser } = pod.spec.securityContext;
    // A root-started worker runs Chromium as RENDER_SANDBOX_USER; a non-root one runs it as itself.
    const user = runAsUser === 0 ? pod.spec.env.RENDER_SANDBOX_USER! : String(runAsUser);
    const uid = Number((await podman(['exec', pod.name, 'id', '-u', user])).trim());
    expect(uid).not.toBe(0);
    // Read from the host (root with every capability): the container cannot read its sandboxed processes' environ.
    const hostPids = (await podman(['top', pod.name, 'hpid'])).trim().split('\n').slice(1).map(Number);
    const chromium = hostPids
      .map((pid) => ({ pid, ...procInfo(pid) }))
      .filter((p) => p.cmdline.some((a) => /chrom/.test(a)));
    expect(chromium.length).toBeGreaterThan(0);
    for (const p of chromium) {
      expect({ pid: p.pid, uid: p.uid, noSandbox: p.cmdline.includes('--no-sandbox') }).toEqual({ pid: p.pid, uid, noSandbox: false });
      expect(p.env.filter((name) => name in pod.spec.env && /URL|KEY|SECRET/.test(name))).toEqual([]);
    }
  });

  test('an image render is decoded and pixel-checked', async () => {
    const res = await org.api.post(
      '/v1/images',
      { template_id: cardId, modifications: [{ name: 'bg', color: '#ff0000' }, { name: 'title', text: 'Podman' }] },
      { prefer: 'wait=60' },
    );
    const done = res.status === 200 ? res.body : await waitForRender(org.api, 'image', res.body.id);
    expect(done.status).toBe('completed');
    const file = await fetchBytes(done.result_url);
    expect(file.type).toBe('image/png');
    const img = decodePng(file.body);
    expect([img.width, img.height]).toEqual([400, 300]);
    expect(img.mean(20, 20, 360, 110)).toEqual([255, 0, 0]);
    // the title box is white with black text: dark pixels prove a font rendered in the container
    const title = img.mean(10, 170, 380, 60);
    expect(title[0]).toBeLessThan(250);
    expect(title[0]).toBeGreaterThan(150);
  });

  const expectSweepMp4 = async (record: any) => {
    expect(record.status).toBe('completed');
    const file = await fetchBytes(record.result_url);
    expect(file.type).toBe('video/mp4');
    const probe = await withTempFile(file.body, 'mp4', probeVideo);
    expect(probe).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: W, height: H, frames: 50 });
  };

  test('a video renders in chunks and ffprobe reads 50 H.264 frames', async () => {
    const res = await org.api.post('/v1/videos', { template_id: videoId });
    expect(res.status).toBe(202);
    await expectSweepMp4(await waitForRender(org.api, 'video', res.body.id, 300_000));
  }, 360_000); // above its 300 s render wait

  test('a 20-item collection completes with 20 valid images in its zip', async () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ modifications: [{ name: 'title', text: `Item ${i}` }] }));
    const res = await org.api.post('/v1/collections', { template_id: cardId, items });
    expect(res.status).toBe(202);
    const done = await waitForCollection(org, res.body.id, 600_000);
    expect(done).toMatchObject({ status: 'completed', total: 20, completed: 20, failed: 0 });
    const zip = await readZip((await fetchBytes(done.zip_url)).body);
    expect(zip.size).toBe(20);
    for (const bytes of zip.values()) expect(decodePng(bytes).width).toBe(400);
  });

  test('the webhook worker delivers a signed image.completed webhook', async () => {
    rx = await startReceiver();
    const hook = await createWebhook(org.api, `${rx.url}/hook`, ['image.completed']);
    const res = await org.api.post('/v1/images', { template_id: cardId }, { prefer: 'wait=60' });
    const id = res.status === 200 ? res.body.id : (await waitForRender(org.api, 'image', res.body.id)).id;
    const hit = await waitFor(async () => rx!.hits.find((h) => JSON.parse(h.body).data?.id === id), { timeoutMs: 60_000, what: 'webhook' });
    const verified = new Webhook(hook.secret).verify(hit.body, {
      'webhook-id': hit.id,
      'webhook-timestamp': hit.timestamp,
      'webhook-signature': hit.signature,
    }) as any;
    expect(verified).toMatchObject({ type: 'image.completed', data: { id, status: 'completed' } });
  });

  test('podman stop mid-render: the render worker drains and exits 0, and the video still completes', async () => {
    const res = await org.api.post('/v1/videos', { template_id: slowVideoId });
    await waitFor(async () => (await org.api.get(`/v1/videos/${res.body.id}`)).body.status === 'rendering', {
      timeoutMs: 120_000,
      what: 'the video to start rendering',
    });
    const worker = pods['render-worker'];
    await worker.stop();
    expect(await worker.inspect('{{.State.ExitCode}}')).toBe('0');
    await worker.restart();
    await expectSweepMp4(await waitForRender(org.api, 'video', res.body.id, 300_000));
  }, 600_000); // above its waits' budgets (120 s to start rendering, the stop's grace, 300 s to finish)

  test('podman stop: the webhook worker exits 0 on SIGTERM and serves again after a restart', async () => {
    const worker = pods['webhook-worker'];
    await worker.stop();
    expect(await worker.inspect('{{.State.ExitCode}}')).toBe('0');
    await worker.restart();
    expect(await worker.running()).toBe(true);
  });
});
