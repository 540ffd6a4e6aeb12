import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_NODE_OPTIONS, envKeys, serviceHeapFlags } from '@rp/config';
import { apiEnvSchema } from '@rp/api';
import { renderWorkerEnvSchema } from '@rp/render-worker';
import { webhookWorkerEnvSchema } from '@rp/webhook-worker';
import { SEARCH_ATTRIBUTES } from '@rp/workflow-safe';
import { CHART_DIR, REPO_ROOT } from './helm';

/*
 * Static rules for the Dockerfile (no hadolint: Debian does not package it): pinned non-Alpine base, non-root
 * runtime, lean apt layers, and the same apt packages and entry points the rest of the repository relies on.
 * The images themselves are built and run by the container tier (test/src/containers, scripts/images.sh).
 */

const SERVICES = ['api', 'render-worker', 'webhook-worker'] as const;
type Service = (typeof SERVICES)[number];

interface Instruction {
  keyword: string;
  args: string;
}

/** Dockerfile instructions with continuation lines joined and comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    if (current && line.startsWith('#')) continue;
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (line.endsWith('\\')) continue;
    const m = /^(\w+)\s+([\s\S]*)$/.exec(current);
    if (m) out.push({ keyword: m[1].toUpperCase(), args: m[2].trim() });
    current = '';
  }
  return out;
}

interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

function stages(instructions: Instruction[]): Stage[] {
  const args = new Map<string, string>();
  const out: Stage[] = [];
  for (const ins of instructions) {
    if (ins.keyword === 'ARG' && out.length === 0) {
      const [k, v] = ins.args.split('=');
      if (v !== undefined) args.set(k, v);
    } else if (ins.keyword === 'FROM') {
      const [image, , name] = ins.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      const resolved = image.replace(/\$\{?(\w+)\}?/g, (_m, k: string) => args.get(k) ?? `<unset ${k}>`);
      out.push({ from: resolved, name, instructions: [] });
    } else if (out.length) {
      out[out.length - 1].instructions.push(ins);
    }
  }
  return out;
}

const DOCKERFILE = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
const ALL = stages(parseDockerfile(DOCKERFILE));
const stage = (name: string) => {
  const s = ALL.find((x) => x.name === name);
  if (!s) throw new Error(`Dockerfile has no stage "${name}"`);
  return s;
};
/** A target and the stages it is built FROM, base first. */
const chain = (name: string): Stage[] => {
  const s = stage(name);
  return ALL.some((x) => x.name === s.from) ? [...chain(s.from), s] : [s];
};
const setupAptPackages = (() => {
  const m = /APT_PACKAGES=\(([^)]*)\)/.exec(fs.readFileSync(path.join(REPO_ROOT, 'scripts/setup.sh'), 'utf8'));
  if (!m) throw new Error('APT_PACKAGES not found in scripts/setup.sh');
  return m[1].trim().split(/\s+/);
})();
const runsOf = (ss: Stage[]) => ss.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));

describe('Dockerfile (one build stage, one target per service)', () => {
  const build = stage('build');

  it('every stage starts from the pinned Debian slim Node 20 base (glibc for the Temporal core bridge) or an earlier stage', () => {
    const names = new Set(ALL.map((s) => s.name).filter(Boolean));
    for (const s of ALL) {
      if (names.has(s.from)) continue;
      expect(s.from).toBe('node:20-bookworm-slim');
    }
  });

  it('builds with npm ci + tsc -b of the services once, without browser downloads', () => {
    const buildRuns = runsOf([build]).join(' && ');
    expect(buildRuns).toMatch(/npm ci\b/);
    // the services' projects (tsc -b follows their references) and the migrate/keys CLIs, then the workflow bundle
    const tsc = /npx tsc -b ([^&]+)/.exec(buildRuns)?.[1]?.trim().split(/\s+/);
    expect(tsc?.sort()).toEqual([...SERVICES.map((s) => `services/${s}`), 'tools/stack'].sort());
    expect(buildRuns).toContain('node scripts/bundle-workflows.js');
    expect(buildRuns).toContain('node apps/studio/build.js'); // the API serves apps/studio/dist
    // production dependencies by a fresh install (npm prune once left a half-removed tree and exited 0)
    expect(buildRuns).toMatch(/npm ci --omit=dev/);
    expect(buildRuns).not.toMatch(/npm prune/);
    expect(build.instructions.some((i) => i.keyword === 'ENV' && /PUPPETEER_SKIP_DOWNLOAD=1/.test(i.args))).toBe(true);
    expect(runsOf(ALL.filter((s) => s !== build)).join(' ')).not.toMatch(/npm (ci|install|run build)/);
  });

  it('copies every workspace manifest before npm ci, so that layer is reused until dependencies change', () => {
    const rootPkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
    const workspaces = rootPkg.workspaces.flatMap((w) =>
      w.endsWith('/*')
        ? fs.readdirSync(path.join(REPO_ROOT, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`)
        : [w],
    ).filter((w) => fs.existsSync(path.join(REPO_ROOT, w, 'package.json')));
    const ciAt = build.instructions.findIndex((i) => i.keyword === 'RUN' && /npm ci\b/.test(i.args));
    const copied = build.instructions
      .slice(0, ciAt)
      .filter((i) => i.keyword === 'COPY')
      .flatMap((i) => i.args.split(/\s+/).slice(0, -1))
      .filter((f) => f.endsWith('/package.json'))
      .map((f) => f.replace(/\/package\.json$/, ''));
    expect(copied.sort()).toEqual(workspaces.sort());
  });

  it('apt: update + install --no-install-recommends -y in one layer that removes the lists', () => {
    const runs = runsOf(ALL);
    for (const run of runs.filter((r) => /apt-get install/.test(r))) {
      expect(run).toMatch(/apt-get update/);
      expect(run).toMatch(/apt-get install -y --no-install-recommends/);
      expect(run).toMatch(/rm -rf \/var\/lib\/apt\/lists\/\*/);
    }
    for (const run of runs) expect(run).not.toMatch(/apt-get (upgrade|dist-upgrade)|\bapt install\b/);
  });

  it('uses COPY, not ADD, and no curl | sh', () => {
    expect(ALL.flatMap((s) => s.instructions).some((i) => i.keyword === 'ADD')).toBe(false);
    for (const run of runsOf(ALL)) expect(run).not.toMatch(/(curl|wget)[^|]*\|\s*(ba)?sh/);
  });

  describe.each(SERVICES)('target %s', (svc: Service) => {
    const target = stage(svc);
    const all = chain(svc);

    it('runs as the non-root user 10001, created in its base stage', () => {
      const users = target.instructions.filter((i) => i.keyword === 'USER');
      expect(users[users.length - 1]?.args).toMatch(/^10001(:10001)?$/);
      expect(runsOf(all).some((r) => /useradd .*--uid 10001/.test(r))).toBe(true);
    });

    it('runs node with the service V8 flags of @rp/config (SERVICE_NODE_OPTIONS)', () => {
      const env = all.flatMap((st) => st.instructions).filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
      expect(env).toContain(`NODE_OPTIONS=${SERVICE_NODE_OPTIONS}`);
    });

    it('starts the entry point from docs/ARCHITECTURE.md, copied from the build stage', () => {
      const cmd = target.instructions.filter((i) => i.keyword === 'CMD').pop();
      // a service with V8 flags of its own (its heap sized for its memory limit, say) starts through a shell that asks
      // @rp/config for them
      const start = serviceHeapFlags(svc, {}, () => null).length > 0
        ? ['sh', '-c', `exec node $(node packages/config/dist/heap-flags-cli.js ${svc}) services/${svc}/dist/main.js`]
        : ['node', `services/${svc}/dist/main.js`];
      expect(JSON.parse(cmd!.args)).toEqual(start);
      expect(target.instructions.some((i) => i.keyword === 'COPY' && i.args.startsWith('--from=build') && i.args.includes(`/app/services/${svc}`))).toBe(true);
    });
  });
});

describe('render worker target', () => {
  const final = stage('render-worker');
  const install = final.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('apt-get install'));

  it('installs the Debian packages scripts/setup.sh uses for rendering (chromium, headless shell, ffmpeg, fonts)', () => {
    expect(install).toBeDefined();
    // postgresql runs beside the image, and poppler-utils only decodes PDFs in the tests
    const wanted = setupAptPackages.filter((p) => p !== 'postgresql' && p !== 'poppler-utils');
    expect(wanted).toEqual(expect.arrayContaining(['chromium', 'chromium-headless-shell', 'ffmpeg', 'fonts-noto-color-emoji']));
    for (const p of wanted) expect(install!.args.split(/\s+/)).toContain(p);
  });

  it('never lets Puppeteer download a browser and runs under an init', () => {
    expect(final.instructions.some((i) => i.keyword === 'ENV' && /PUPPETEER_SKIP_DOWNLOAD=1/.test(i.args))).toBe(true);
    const entry = final.instructions.find((i) => i.keyword === 'ENTRYPOINT');
    expect(JSON.parse(entry!.args)[0]).toMatch(/tini$/);
  });
});

describe('.dockerignore', () => {
  const lines = fs
    .readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('keeps host build output and VCS data out of the context', () => {
    expect(lines).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
    // npm ci needs the lockfile and every workspace manifest.
    for (const l of lines) expect(['package-lock.json', 'package.json', 'packages', 'services', 'workflows', 'test']).not.toContain(l);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      {
        image?: string;
        build?: { dockerfile: string; target?: string };
        command?: string[] | string;
        environment?: Record<string, string>;
        depends_on?: Record<string, { condition: string }>;
        stop_grace_period?: string;
        shm_size?: string;
      }
    >;
  };
  const s = compose.services;
  const schemas = { api: apiEnvSchema, 'render-worker': renderWorkerEnvSchema, 'webhook-worker': webhookWorkerEnvSchema };

  it('has postgres:15, minio (+ bucket), the Temporal dev server, a migrate one-shot and the three services', () => {
    expect(Object.keys(s).sort()).toEqual(
      ['api', 'migrate', 'minio', 'minio-init', 'postgres', 'render-worker', 'temporal', 'webhook-worker'].sort(),
    );
    const bucket = s.api.environment!.MINIO_BUCKET;
    expect(s['minio-init'].command).toEqual(['mb', '--ignore-existing', `local/${bucket}`]);
    expect(s.postgres.image).toBe('postgres:15');
    for (const [name, svc] of Object.entries(s)) {
      expect({ name, image: svc.image }).toEqual({ name, image: expect.stringMatching(/^[^:]+:(?!latest$)\S+$/) });
    }
  });

  it('starts the Temporal dev server with the Keyword search attributes the workflows use', () => {
    const cmd = s.temporal.command as string[];
    expect(s.temporal.image).toMatch(/^temporalio\/temporal:/);
    expect(cmd.slice(0, 2)).toEqual(['server', 'start-dev']);
    const attrs = cmd.filter((_, i) => cmd[i - 1] === '--search-attribute');
    expect(attrs.sort()).toEqual(
      Object.entries(SEARCH_ATTRIBUTES).map(([a, type]) => `${a}=${type}`).sort(),
    );
  });

  it('migrates with the same command as the Helm chart, before the services start', () => {
    const values = parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as { migrate: { command: string[] } };
    expect(s.migrate.command).toEqual(values.migrate.command);
    expect(s.migrate.build).toMatchObject({ dockerfile: 'Dockerfile', target: 'api' });
    for (const svc of SERVICES) expect(s[svc].depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it.each(SERVICES)('%s: environment names equal exactly envKeys(schema) and it builds its own Dockerfile target', (svc) => {
    expect(Object.keys(s[svc].environment ?? {}).sort()).toEqual(envKeys(schemas[svc]));
    expect(s[svc].build).toMatchObject({ dockerfile: 'Dockerfile', target: svc });
  });

  it.each(['render-worker', 'webhook-worker'] as const)('%s: stop_grace_period exceeds SHUTDOWN_GRACE_MS', (svc) => {
    const graceS = Number(s[svc].environment!.SHUTDOWN_GRACE_MS) / 1000;
    const m = /^(\d+)s$/.exec(s[svc].stop_grace_period ?? '');
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(graceS);
  });

  it('gives Chromium a larger /dev/shm', () => {
    expect(s['render-worker'].shm_size).toBeDefined();
  });
});
