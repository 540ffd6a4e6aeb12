import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where scripts/setup.sh keeps binaries, venvs, logs and setup-times.json. */
export const renderCacheDir = (env: NodeJS.ProcessEnv): string =>
  env.RENDER_CACHE_DIR || path.join(os.homedir(), '.cache', 'render-platform');

/** One run of scripts/setup.sh as it records it in setup-times.json. */
export interface SetupTimes {
  profiles: string;
  startedAt: number;
  finishedAt: number;
  ms: number;
  steps: { name: string; status: 'ran' | 'cached' | 'failed' | 'not-run'; ms: number }[];
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

function readSetupTimes(file: string): SetupTimes | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as SetupTimes;
  } catch {
    return null;
  }
}

/**
 * The lines the supervisor prints when it is ready after `npm start` (scripts/start.sh sets RP_START_MS and
 * RP_BUILD_MS): the time to ready split into setup, build and stack, and each setup step's time. Setup steps run
 * concurrently, so the setup's wall time is not their sum. No lines when the stack was not started by `npm start`.
 */
export function setupReport(env: NodeJS.ProcessEnv, stackMs: number, now = Date.now()): string[] {
  const startMs = Number(env.RP_START_MS);
  if (!Number.isFinite(startMs) || startMs <= 0) return [];
  const times = readSetupTimes(path.join(renderCacheDir(env), 'setup-times.json'));
  const fresh = times && times.startedAt >= startMs ? times : null;
  const buildMs = Number(env.RP_BUILD_MS);
  const parts = [
    fresh ? `setup ${secs(fresh.ms)}` : 'setup skipped',
    Number.isFinite(buildMs) && buildMs >= 0 ? `build ${secs(buildMs)}` : null,
    `stack ${secs(stackMs)}`,
  ].filter((p): p is string => p !== null);
  const lines = [`ready ${secs(now - startMs)} after npm start (${parts.join(', ')})`];
  if (fresh) {
    const steps = [...fresh.steps].sort((a, b) => b.ms - a.ms);
    const ran = steps.filter((s) => s.status === 'ran').map((s) => `${s.name} ${secs(s.ms)}`);
    const cached = steps.filter((s) => s.status === 'cached').map((s) => s.name);
    lines.push(`setup steps (--for ${fresh.profiles}, concurrent): ${ran.join(', ') || 'none ran'}${cached.length ? `; cached: ${cached.join(', ')}` : ''}`);
  }
  return lines;
}
