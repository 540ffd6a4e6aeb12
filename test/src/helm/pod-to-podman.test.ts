import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CHART_DIR, renderChart } from './helm';
import { podmanRun, quantityBytes, quantityCores, toPodmanSize } from './pod-to-podman';

// The translation the container tier relies on, checked without spawning anything.
describe('chart pod -> podman run', () => {
  const objs = renderChart();
  const byComponent = (kind: string, component: string) =>
    objs.find((o) => o.kind === kind && o.metadata.labels?.['app.kubernetes.io/component'] === component)!;

  it('runs the render worker as the chart does: user, read-only root, /tmp on disk, /dev/shm size, capabilities, seccomp', () => {
    const run = podmanRun(objs, byComponent('Deployment', 'render-worker'), { name: 'rw', detach: true, image: 'img' });
    const a = run.args.join(' ');
    // renderWorker.sandbox.switchUser (default): root with only SETUID/SETGID, to start Chromium as its own user
    expect(a).toContain('--user 0:0');
    expect(a).toContain('--read-only --read-only-tmpfs=false');
    expect(a).toContain('--security-opt no-new-privileges');
    expect(a).toContain('--cap-drop=all --cap-add=setuid --cap-add=setgid');
    expect(a).toContain('--security-opt seccomp=unconfined');
    // /tmp is an emptyDir on the node's disk: a volume, not a tmpfs that would count its files against the memory limit
    expect(a).toContain('--mount type=volume,destination=/tmp');
    expect(a).not.toContain('--tmpfs');
    expect(a).toContain('--shm-size=1g');
    expect(a).toContain('--network=host');
    expect(run.args.slice(0, 4)).toEqual(['run', '-d', '--name', 'rw']);
    expect(run.args[run.args.length - 1]).toBe('img');
    expect(a).not.toContain('--entrypoint');
    expect(run.probes).toEqual([
      { probe: 'startup', path: '/healthz', port: 9464 },
      { probe: 'liveness', path: '/healthz', port: 9464 },
      { probe: 'readiness', path: '/readyz', port: 9464 },
    ]);
    expect(run.stopTimeoutSeconds).toBeGreaterThan(60);
  });

  it('runs the API as uid 10001 with no capabilities, and a Localhost seccomp profile from a given file', () => {
    const a = podmanRun(objs, byComponent('Deployment', 'api'), { name: 'api' }).args.join(' ');
    expect(a).toContain('--user 10001:10001');
    expect(a).toContain('--cap-drop=all');
    expect(a).not.toContain('--cap-add');
    const rendered = renderChart({ set: ['renderWorker.sandbox.seccompProfile.type=Localhost', 'renderWorker.sandbox.seccompProfile.localhostProfile=chromium.json'] });
    const owner = rendered.find((o) => o.kind === 'Deployment' && o.metadata.labels?.['app.kubernetes.io/component'] === 'render-worker')!;
    expect(() => podmanRun(rendered, owner, { name: 'rw' })).toThrow(/no file for seccomp profile "chromium.json"/);
    const run = podmanRun(rendered, owner, { name: 'rw', seccompProfiles: { 'chromium.json': '/etc/rp/chromium.json' } });
    expect(run.args.join(' ')).toContain('--security-opt seccomp=/etc/rp/chromium.json');
  });

  it('passes exactly the env the chart gives the container, with Secret values decoded', () => {
    const run = podmanRun(objs, byComponent('Deployment', 'api'), { name: 'api' });
    const passed = run.args.filter((_, i) => run.args[i - 1] === '--env').map((e) => e.slice(0, e.indexOf('=')));
    expect(passed.sort()).toEqual(Object.keys(run.env).sort());
    expect(run.env.DATABASE_URL).toMatch(/^postgresql:\/\//);
    expect(run.env.PORT).toBe('8080');
  });

  it("runs the migration Job's command through --entrypoint", () => {
    const run = podmanRun(objs, byComponent('Job', 'migrate'), { name: 'm' });
    expect(run.args).toContain(`--entrypoint=${JSON.stringify(['node', 'tools/stack/dist/migrate.js'])}`);
    expect(run.args).toContain('--rm');
    expect(run.probes).toEqual([]);
  });

  it("sets each service's cgroup limits (memory without swap, CPU quota) from resources.limits in values.yaml, and restarts it as its pod would", () => {
    const values = parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8'));
    const components = { api: 'api', 'render-worker': 'renderWorker', 'webhook-worker': 'webhookWorker' };
    for (const [component, key] of Object.entries(components)) {
      const { memory, cpu } = values[key].resources.limits as { memory: string; cpu: string };
      const run = podmanRun(objs, byComponent('Deployment', component), { name: component, detach: true });
      expect(run.limits).toEqual({ memoryBytes: quantityBytes(memory), cpus: quantityCores(cpu) });
      const bytes = `${quantityBytes(memory)}b`;
      expect(run.args).toEqual(expect.arrayContaining([`--memory=${bytes}`, `--memory-swap=${bytes}`, `--cpus=${quantityCores(cpu)}`, '--restart=always']));
    }
    // the Job runs once, and a container run in the foreground is removed when it exits
    expect(podmanRun(objs, byComponent('Job', 'migrate'), { name: 'm' }).args).not.toContain('--restart=always');
  });

  it('reads Kubernetes memory and CPU quantities', () => {
    expect(['512Mi', '4Gi', '1G', '256M', '64Ki', '1000', 1024].map(quantityBytes)).toEqual([512 * 2 ** 20, 4 * 2 ** 30, 1e9, 256e6, 65536, 1000, 1024]);
    expect(['500m', '2', '1.5', 1, '250m'].map(quantityCores)).toEqual([0.5, 2, 1.5, 1, 0.25]);
    expect(() => quantityBytes('1.5Xi')).toThrow(/unsupported memory quantity/);
    expect(() => quantityCores('2 cores')).toThrow(/unsupported cpu quantity/);
  });

  it('mounts an emptyDir with medium Memory as a tmpfs of its size', () => {
    const rendered = renderChart({ set: ['renderWorker.tmpSizeLimit=2Gi'] });
    const owner = rendered.find((o) => o.kind === 'Deployment' && o.metadata.labels?.['app.kubernetes.io/component'] === 'render-worker')!;
    const pod = owner.spec.template.spec;
    pod.volumes.find((v: { name: string }) => v.name === 'tmp').emptyDir.medium = 'Memory';
    expect(podmanRun(rendered, owner, { name: 'rw' }).args.join(' ')).toContain('--tmpfs /tmp:rw,nosuid,nodev,mode=1777,size=2g');
  });

  it('converts Kubernetes quantities to tmpfs sizes', () => {
    expect(['64Mi', '4Gi', '512Ki', '1000'].map(toPodmanSize)).toEqual(['64m', '4g', '512k', '1000']);
    expect(() => toPodmanSize('1.5Gi')).toThrow(/unsupported size/);
  });
});
