import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { envKeys } from '@rp/config';
import { apiEnvSchema } from '@rp/api';
import { renderWorkerEnvSchema } from '@rp/render-worker';
import { webhookWorkerEnvSchema } from '@rp/webhook-worker';
import { CHART_DIR, REPO_ROOT } from './helm';

/*
 * No Docker engine (and no hadolint: Debian does not package it) where these run, so the images are checked
 * statically for the rules that matter: pinned non-Alpine base, non-root runtime, lean apt layers, and the
 * same apt packages and entry points the rest of the repository relies on.
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

const dockerfile = (svc: Service) => fs.readFileSync(path.join(REPO_ROOT, 'services', svc, 'Dockerfile'), 'utf8');
const setupAptPackages = (() => {
  const m = /APT_PACKAGES=\(([^)]*)\)/.exec(fs.readFileSync(path.join(REPO_ROOT, 'scripts/setup.sh'), 'utf8'));
  if (!m) throw new Error('APT_PACKAGES not found in scripts/setup.sh');
  return m[1].trim().split(/\s+/);
})();

describe.each(SERVICES)('services/%s/Dockerfile', (svc) => {
  const all = stages(parseDockerfile(dockerfile(svc)));
  const final = all[all.length - 1];
  const runs = all.flatMap((s) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args));

  it('is multi-stage on a pinned Debian slim Node 20 base (glibc for the Temporal core bridge)', () => {
    expect(all.length).toBeGreaterThanOrEqual(2);
    const names = new Set(all.map((s) => s.name).filter(Boolean));
    for (const s of all) {
      if (names.has(s.from)) continue; // FROM an earlier stage
      expect(s.from).toBe('node:20-bookworm-slim');
      expect(s.from).not.toMatch(/:latest$|alpine/);
    }
  });

  it('builds the monorepo with npm ci + npm run build in a build stage, without browser downloads', () => {
    const build = all[0];
    const buildRuns = build.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join(' && ');
    expect(buildRuns).toMatch(/npm ci\b/);
    expect(buildRuns).toContain('npm run build');
    expect(buildRuns).toMatch(/npm prune --omit=dev/);
    expect(build.instructions.some((i) => i.keyword === 'ENV' && /PUPPETEER_SKIP_DOWNLOAD=1/.test(i.args))).toBe(true);
    // The runtime stage copies from the build stage rather than building again.
    const finalRuns = final.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args).join(' ');
    expect(finalRuns).not.toMatch(/npm (ci|install|run build)/);
    expect(final.instructions.some((i) => i.keyword === 'COPY' && i.args.startsWith(`--from=${build.name}`))).toBe(true);
  });

  it('runs as the non-root user 10001', () => {
    const users = final.instructions.filter((i) => i.keyword === 'USER');
    expect(users.length).toBeGreaterThan(0);
    const user = users[users.length - 1].args;
    expect(user).toMatch(/^10001(:10001)?$/);
    expect(final.instructions.some((i) => i.keyword === 'RUN' && /useradd .*--uid 10001/.test(i.args))).toBe(true);
  });

  it('apt: update + install --no-install-recommends -y in one layer that removes the lists', () => {
    for (const run of runs.filter((r) => /apt-get install/.test(r))) {
      expect(run).toMatch(/apt-get update/);
      expect(run).toMatch(/apt-get install -y --no-install-recommends/);
      expect(run).toMatch(/rm -rf \/var\/lib\/apt\/lists\/\*/);
    }
    for (const run of runs) expect(run).not.toMatch(/apt-get (upgrade|dist-upgrade)|\bapt install\b/);
  });

  it('uses COPY, not ADD, and no curl | sh', () => {
    expect(all.flatMap((s) => s.instructions).some((i) => i.keyword === 'ADD')).toBe(false);
    for (const run of runs) expect(run).not.toMatch(/(curl|wget)[^|]*\|\s*(ba)?sh/);
  });

  it('starts the entry point from docs/ARCHITECTURE.md', () => {
    const cmd = final.instructions.filter((i) => i.keyword === 'CMD').pop();
    expect(cmd).toBeDefined();
    expect(JSON.parse(cmd!.args)).toEqual(['node', `services/${svc}/dist/main.js`]);
    expect(final.instructions.some((i) => i.keyword === 'COPY' && i.args.includes(`/app/services/${svc}`))).toBe(true);
  });
});

describe('render worker image', () => {
  const text = dockerfile('render-worker');
  const final = stages(parseDockerfile(text)).pop()!;
  const install = final.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('apt-get install'));

  it('installs the Debian packages scripts/setup.sh uses for rendering (chromium, headless shell, ffmpeg, fonts)', () => {
    expect(install).toBeDefined();
    const wanted = setupAptPackages.filter((p) => p !== 'postgresql');
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
        build?: { dockerfile: string };
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
      ['OrgId', 'RenderKind', 'TemplateId', 'RenderStatus', 'CollectionId'].map((a) => `${a}=Keyword`).sort(),
    );
  });

  it('migrates with the same command as the Helm chart, before the services start', () => {
    const values = parse(fs.readFileSync(path.join(CHART_DIR, 'values.yaml'), 'utf8')) as { migrate: { command: string[] } };
    expect(s.migrate.command).toEqual(values.migrate.command);
    expect(s.migrate.build?.dockerfile).toBe('services/api/Dockerfile');
    for (const svc of SERVICES) expect(s[svc].depends_on?.migrate?.condition).toBe('service_completed_successfully');
  });

  it.each(SERVICES)('%s: environment names equal exactly envKeys(schema) and it builds its own Dockerfile', (svc) => {
    expect(Object.keys(s[svc].environment ?? {}).sort()).toEqual(envKeys(schemas[svc]));
    expect(s[svc].build?.dockerfile).toBe(`services/${svc}/Dockerfile`);
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
