import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION_VALUES, renderChart } from '../helm/helm';
import { PODMAN_ULIMITS, podSpecOf, resolveEnv, type K8sContainer } from '../helm/pod-to-podman';
import { SERVICES, localImage, podman, podmanSync, type Service } from './podman';

/*
 * The chart and the images agree: for every pod `helm template` renders (default and production values), the
 * image it names was built, runs as the chart's user, has the command it runs and every file the chart's env
 * points at, reads every env name the chart sets, and exposes the ports the probes use. The running side
 * (the probe answers on that port) is in container-smoke.test.ts.
 */

interface ImageConfig {
  User: string;
  WorkingDir: string;
  Entrypoint: string[] | null;
  Cmd: string[] | null;
  Env: string[];
  ExposedPorts: Record<string, object> | null;
}

const configs = new Map<Service, ImageConfig>();
const mounts = new Map<Service, string>();
const envNames = new Map<string, string[]>();

/** Env names the code in the image reads: its own config schema, read by node inside the image. */
const SCHEMA_OF: Record<string, string> = {
  api: "require('./services/api/dist/config').apiEnvSchema",
  'render-worker': "require('./services/render-worker/dist/config').renderWorkerEnvSchema",
  'webhook-worker': "require('./services/webhook-worker/dist/config').webhookWorkerEnvSchema",
};

function serviceOf(image: string): Service {
  const svc = SERVICES.find((s) => new RegExp(`(^|/)render-platform/${s}:[^/]+$`).test(image));
  if (!svc) throw new Error(`the chart names an image this repository does not build: ${image}`);
  return svc;
}

async function imageEnvKeys(svc: Service, schemaExpr: string): Promise<string[]> {
  const key = `${svc}:${schemaExpr}`;
  if (!envNames.has(key)) {
    const js = `const { envKeys } = require('@rp/config'); process.stdout.write(JSON.stringify(envKeys(${schemaExpr})))`;
    const out = await podman(['run', '--rm', '--network=none', ...PODMAN_ULIMITS, '--entrypoint', 'node', localImage(svc), '-e', js]);
    envNames.set(key, JSON.parse(out) as string[]);
  }
  return envNames.get(key)!;
}

/** argv[0] as the kernel would find it: absolute, or the first PATH entry holding it. */
function resolveInImage(root: string, cfg: ImageConfig, file: string): string | null {
  const rootPath = (p: string) => path.join(root, p);
  if (file.startsWith('/')) return fs.existsSync(rootPath(file)) ? file : null;
  const envPath = cfg.Env.find((e) => e.startsWith('PATH='))!.slice(5);
  for (const dir of envPath.split(':')) {
    const candidate = path.posix.join(dir, file);
    // symlinks inside the image are absolute to the image root: resolve by hand
    if (fs.existsSync(rootPath(candidate)) || isLink(rootPath(candidate))) return candidate;
  }
  return null;
}
const isLink = (p: string) => {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};

describe.each([
  ['default values', []],
  ['production values', [PRODUCTION_VALUES]],
] as const)('helm template with %s vs the built images', (_label, valuesFiles) => {
  const objs = renderChart({ valuesFiles: [...valuesFiles] });
  const pods = objs
    .filter((o) => o.kind === 'Deployment' || o.kind === 'Job')
    .flatMap((o) => podSpecOf(o).containers.map((c) => ({ owner: o, c, svc: serviceOf(c.image) })));

  beforeAll(async () => {
    for (const svc of SERVICES) {
      if (configs.has(svc)) continue;
      const [img] = JSON.parse(await podman(['image', 'inspect', localImage(svc)])) as { Config: ImageConfig }[];
      configs.set(svc, img!.Config);
      mounts.set(svc, (await podman(['image', 'mount', localImage(svc)])).trim());
    }
  });

  it('renders the three Deployments and the migration Job', () => {
    expect(pods.map((p) => `${p.owner.kind}:${p.svc}`).sort()).toEqual(
      ['Deployment:api', 'Deployment:render-worker', 'Deployment:webhook-worker', 'Job:api'].sort(),
    );
  });

  describe.each(['Deployment:api', 'Deployment:render-worker', 'Deployment:webhook-worker', 'Job:api'])('%s', (id) => {
    const pod = () => pods.find((p) => `${p.owner.kind}:${p.svc}` === id)!;

    it("runs as a user and group of the image (the image's own USER when non-root), and its command exists there", () => {
      const { owner, c, svc } = pod();
      const cfg = configs.get(svc)!;
      const sc = { ...podSpecOf(owner).securityContext, ...c.securityContext };
      const ids = (file: string) => fs.readFileSync(path.join(mounts.get(svc)!, 'etc', file), 'utf8').split('\n').map((l) => l.split(':')[2]);
      expect(ids('passwd')).toContain(String(sc.runAsUser));
      expect(ids('group')).toContain(String(sc.runAsGroup));
      if (sc.runAsUser !== 0) expect(cfg.User).toBe(`${sc.runAsUser}:${sc.runAsGroup}`);
      // Kubernetes: command replaces ENTRYPOINT (and drops CMD), args replace CMD.
      const argv = [...(c.command ?? cfg.Entrypoint ?? []), ...(c.args ?? (c.command ? [] : (cfg.Cmd ?? [])))];
      expect(argv.length).toBeGreaterThan(0);
      expect({ argv0: argv[0], found: resolveInImage(mounts.get(svc)!, cfg, argv[0]!) }).toEqual({ argv0: argv[0], found: expect.any(String) });
      // the scripts it names, in argv or in a shell's command line (a start that asks @rp/config for heap flags)
      for (const arg of argv.flatMap((a) => a.split(/[\s()$]+/)).filter((a) => /\.js$/.test(a))) {
        expect({ arg, exists: fs.existsSync(path.join(mounts.get(svc)!, cfg.WorkingDir, arg)) }).toEqual({ arg, exists: true });
      }
    });

    it('reads every env name the chart sets, and every file path in the env exists in the image', async () => {
      const { owner, c, svc } = pod();
      const env = resolveEnv(objs, c, true);
      const read = new Set(await imageEnvKeys(svc, owner.kind === 'Job' ? "require('./tools/stack/dist/migrate-env').migrateEnvSchema" : SCHEMA_OF[svc]!));
      expect(Object.keys(env).filter((k) => !read.has(k))).toEqual([]);
      const cfg = configs.get(svc)!;
      for (const [k, v] of Object.entries(env).filter(([k]) => /_PATH$/.test(k))) {
        expect({ [k]: resolveInImage(mounts.get(svc)!, cfg, v) }).toEqual({ [k]: expect.any(String) });
      }
      // users the env names (the render worker's Chromium sandbox user) exist in the image
      const users = fs.readFileSync(path.join(mounts.get(svc)!, 'etc/passwd'), 'utf8').split('\n').map((l) => l.split(':')[0]);
      for (const [k, v] of Object.entries(env).filter(([k]) => /_USER$/.test(k))) expect({ [k]: users.includes(v) }).toEqual({ [k]: true });
    });

    it('declares ports the service binds from its env, and probes on a declared port', () => {
      const { owner, c, svc } = pod();
      if (owner.kind === 'Job') return expect(c.ports ?? []).toEqual([]);
      const env = resolveEnv(objs, c, true);
      const portEnv: Record<string, string> = { http: 'PORT', ops: 'OPS_PORT', health: 'HEALTH_PORT', 'temporal-metrics': 'TEMPORAL_METRICS_PORT' };
      for (const p of c.ports ?? []) expect({ [p.name!]: env[portEnv[p.name!]!] }).toEqual({ [p.name!]: String(p.containerPort) });
      const probed = ['startupProbe', 'livenessProbe', 'readinessProbe'].map((k) => (c[k as keyof K8sContainer] as any)?.httpGet);
      for (const get of probed) expect(c.ports?.map((p) => p.name)).toContain(get.port);
      if (valuesFiles.length === 0) {
        const exposed = Object.keys(configs.get(svc)!.ExposedPorts ?? {});
        for (const p of c.ports ?? []) expect(exposed).toContain(`${p.containerPort}/tcp`);
      }
    });
  });
});

afterAll(() => {
  for (const svc of mounts.keys()) podmanSync(['image', 'unmount', localImage(svc)]);
});
