import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  PreflightError,
  assertPreflight,
  findBinary,
  findPreflightProblems,
  isPortFree,
  newestPostgresBinDir,
} from './preflight';

const listen = (port = 0): Promise<net.Server> =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(port, '127.0.0.1', () => resolve(srv));
  });
const close = (srv: net.Server) => new Promise<void>((r) => srv.close(() => r()));
const portOf = (srv: net.Server) => (srv.address() as net.AddressInfo).port;

describe('port checks', () => {
  it('names the port, its owner and the env variable that moves it', async () => {
    const problems = await findPreflightProblems(
      [
        { name: 'postgres', port: 55432, envVar: 'STACK_PG_PORT' },
        { name: 'api', port: 18080, envVar: 'STACK_API_PORT' },
      ],
      [],
      async (port) => port !== 55432,
    );
    expect(problems).toEqual([
      'port 55432 (postgres) is already in use: stop whatever listens there or set STACK_PG_PORT to another port',
    ]);
  });

  it('reports a port configured twice', async () => {
    const problems = await findPreflightProblems(
      [
        { name: 'api', port: 18080 },
        { name: 'minio', port: 18080 },
      ],
      [],
      async () => true,
    );
    expect(problems).toEqual(['port 18080 is configured twice (api and minio)']);
  });

  it('detects a real listener on 127.0.0.1 and a free port once it closes', async () => {
    const srv = await listen();
    const port = portOf(srv);
    expect(await isPortFree(port)).toBe(false);
    await expect(assertPreflight([{ name: 'temporal', port }], [])).rejects.toThrow(
      new RegExp(`port ${port} \\(temporal\\) is already in use`),
    );
    await close(srv);
    expect(await isPortFree(port)).toBe(true);
  });
});

describe('binary checks', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rp-preflight-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('says which binary is missing, where it looked and to run setup', async () => {
    const claim = findBinary('minio-does-not-exist', [tmp], '');
    expect(claim.path).toBeNull();
    const err = await assertPreflight([], [claim], async () => true).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PreflightError);
    expect((err as Error).message).toContain(`binary "minio-does-not-exist" not found (looked in ${tmp}, PATH)`);
    expect((err as Error).message).toContain('run npm run setup');
  });

  it('finds an executable in the given dir before PATH, and ignores non-executables', () => {
    const exe = path.join(tmp, 'temporal');
    fs.writeFileSync(exe, '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(tmp, 'plain'), 'x', { mode: 0o644 });
    expect(findBinary('temporal', [tmp], '/usr/bin').path).toBe(exe);
    expect(findBinary('plain', [tmp], '').path).toBeNull();
  });

  it('picks the newest postgres major version dir', () => {
    const root = path.join(tmp, 'pg');
    for (const v of ['9.6', '15', '16']) {
      fs.mkdirSync(path.join(root, v, 'bin'), { recursive: true });
      if (v !== '16') fs.writeFileSync(path.join(root, v, 'bin', 'postgres'), '');
    }
    // 16 has no postgres binary (client-only install): 15 wins
    expect(newestPostgresBinDir(root)).toBe(path.join(root, '15', 'bin'));
    expect(newestPostgresBinDir(path.join(tmp, 'nope'))).toBeNull();
  });
});
