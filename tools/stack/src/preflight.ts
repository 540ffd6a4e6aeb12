import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface PortClaim {
  /** What will listen there, e.g. "postgres" or "temporal-ui". */
  name: string;
  port: number;
  /** Env variable that moves it, named in the error so the fix is obvious. */
  envVar?: string;
}

export interface BinaryClaim {
  name: string;
  /** Resolved absolute path, or null when not found anywhere. */
  path: string | null;
  lookedIn: string[];
}

export class PreflightError extends Error {
  constructor(readonly problems: string[]) {
    super(`Stack preflight failed:\n  - ${problems.join('\n  - ')}`);
    this.name = 'PreflightError';
  }
}

export function portInUseMessage(claim: PortClaim): string {
  const fix = claim.envVar ? ` or set ${claim.envVar} to another port` : '';
  return `port ${claim.port} (${claim.name}) is already in use: stop whatever listens there${fix}`;
}

export function missingBinaryMessage(claim: BinaryClaim): string {
  return `binary "${claim.name}" not found (looked in ${claim.lookedIn.join(', ')}): run npm run setup`;
}

/** Pure: turns probe results into the list of problems. `portFree` is injected so this is testable. */
export async function findPreflightProblems(
  ports: PortClaim[],
  binaries: BinaryClaim[],
  portFree: (port: number) => Promise<boolean>,
): Promise<string[]> {
  const problems: string[] = [];
  for (const b of binaries) if (!b.path) problems.push(missingBinaryMessage(b));
  const seen = new Map<number, string>();
  for (const p of ports) {
    const other = seen.get(p.port);
    if (other) {
      problems.push(`port ${p.port} is configured twice (${other} and ${p.name})`);
      continue;
    }
    seen.set(p.port, p.name);
    if (!(await portFree(p.port))) problems.push(portInUseMessage(p));
  }
  return problems;
}

export async function assertPreflight(
  ports: PortClaim[],
  binaries: BinaryClaim[],
  portFree: (port: number) => Promise<boolean> = isPortFree,
): Promise<void> {
  const problems = await findPreflightProblems(ports, binaries, portFree);
  if (problems.length) throw new PreflightError(problems);
}

/**
 * True when nothing listens on the port. Probes the wildcard address: a listener on any local IPv4
 * address (127.0.0.1, 127.0.0.2, 0.0.0.0) makes that bind fail, which is what we want to know.
 */
export function isPortFree(port: number, host = '0.0.0.0'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** Finds an executable: first in the given dirs, then on PATH. */
export function findBinary(name: string, dirs: (string | null | undefined)[], envPath = process.env.PATH ?? ''): BinaryClaim {
  const candidates = [...dirs.filter((d): d is string => !!d), ...envPath.split(path.delimiter).filter(Boolean)];
  for (const dir of candidates) {
    const p = path.join(dir, name);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      if (fs.statSync(p).isFile()) return { name, path: p, lookedIn: candidates };
    } catch {
      // not here; try the next dir
    }
  }
  const shown = dirs.filter((d): d is string => !!d);
  return { name, path: null, lookedIn: [...shown, 'PATH'] };
}

/** Newest /usr/lib/postgresql/<major>/bin, or null. */
export function newestPostgresBinDir(root = '/usr/lib/postgresql'): string | null {
  let versions: string[];
  try {
    versions = fs.readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v));
  } catch {
    return null;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (fs.existsSync(path.join(dir, 'postgres'))) return dir;
  }
  return null;
}
