import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { Connection } from '@temporalio/client';
import { SEARCH_ATTRIBUTES } from '@rp/workflow-safe';
import { createDb } from '@rp/db';
import { ObjectStore, UPLOAD_PART_BYTES } from '@rp/storage';
import { readStackInfo, stackControl } from './control-client';

// Runs against the stack started by scripts/test.sh (STACK_FILE); skipped when run without it.
const describeStack = process.env.STACK_FILE ? describe : describe.skip;

describeStack('embedded stack (running)', () => {
  it('reports every infra process as running through the control API', async () => {
    const status = await stackControl.status();
    expect(status.ready).toBe(true);
    for (const name of ['postgres', 'minio', 'temporal']) {
      const p = status.processes.find((x) => x.name === name);
      expect(p).toMatchObject({ name, running: true });
      expect(p?.pid).toEqual(expect.any(Number));
    }
  });

  it('serves Postgres with the migrated render database', async () => {
    const db = createDb(readStackInfo().databaseUrl, { poolMax: 1 });
    try {
      const { rows } = await db.raw('select 1 as one');
      expect(rows[0].one).toBe(1);
      expect(await db.schema.hasTable('api_keys')).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('has the MinIO bucket', async () => {
    const { minio } = readStackInfo();
    const store = new ObjectStore({ ...minio });
    await expect(store.ping()).resolves.toBeUndefined();
  });

  it('stores a buffer signed with the sha256 its caller computed, and refuses one that does not match', async () => {
    const { minio } = readStackInfo();
    const store = new ObjectStore({ ...minio });
    const body = crypto.randomBytes(200_000);
    const sha256 = crypto.createHash('sha256').update(body).digest('hex');
    await store.put('stack-test/signed.bin', body, 'application/octet-stream', { sha256 });
    expect((await store.getBuffer('stack-test/signed.bin')).equals(body)).toBe(true);
    expect(await store.stat('stack-test/signed.bin')).toMatchObject({ size: body.length, contentType: 'application/octet-stream' });
    // the hash is what MinIO checks the body against: another body's hash is refused, nothing stored
    const other = crypto.createHash('sha256').update('other').digest('hex');
    await expect(store.put('stack-test/wrong.bin', body, 'application/octet-stream', { sha256: other })).rejects.toThrow(/sha256|SHA256|content/i);
    expect(await store.stat('stack-test/wrong.bin')).toBeNull();
    await store.remove('stack-test/signed.bin');
  });

  it('uploads a stream of unknown length in parts of UPLOAD_PART_BYTES, never the whole body at once', async () => {
    const { minio } = readStackInfo();
    const store = new ObjectStore({ ...minio });
    // 2.5 parts, written in 1 MiB chunks as a zip stream would be, its length never told to the store
    const chunk = crypto.randomBytes(1024 * 1024);
    const chunks = Math.round((UPLOAD_PART_BYTES * 2.5) / chunk.length);
    const hash = crypto.createHash('sha256');
    const body = Readable.from((function* () {
      for (let i = 0; i < chunks; i++) {
        hash.update(chunk);
        yield chunk;
      }
    })());
    await store.put('stack-test/streamed.bin', body, 'application/octet-stream');
    const stat = (await store.stat('stack-test/streamed.bin'))!;
    expect(stat.size).toBe(chunks * chunk.length);
    // a multipart ETag ends in its part count: 3 parts of at most 16 MiB, where minio-js alone makes one of 528 MiB
    expect(stat.etag).toMatch(/-3$/);
    const stored = crypto.createHash('sha256').update(await store.getBuffer('stack-test/streamed.bin')).digest('hex');
    expect(stored).toBe(hash.digest('hex'));
    await store.remove('stack-test/streamed.bin');
  });

  it('runs Temporal with the five custom search attributes registered', async () => {
    const info = readStackInfo();
    const connection = await Connection.connect({ address: info.temporalAddress });
    try {
      const res = await connection.operatorService.listSearchAttributes({ namespace: info.temporalNamespace });
      for (const name of Object.keys(SEARCH_ATTRIBUTES)) expect(res.customAttributes).toHaveProperty(name);
    } finally {
      await connection.close();
    }
  });

  it('serves the Temporal UI', async () => {
    const res = await fetch(readStackInfo().temporalUiUrl);
    expect(res.status).toBe(200);
  });

  it('kills and restarts a process through the control API, keeping its data', async () => {
    const { minio } = readStackInfo();
    const store = new ObjectStore({ ...minio });
    await store.put('stack-test/keep.txt', Buffer.from('kept'), 'text/plain');
    const killed = await stackControl.kill('minio');
    expect(killed).toMatchObject({ name: 'minio', running: false, pid: null });
    const started = await stackControl.start('minio');
    expect(started).toMatchObject({ name: 'minio', running: true });
    expect((await store.getBuffer('stack-test/keep.txt')).toString()).toBe('kept');
    await store.remove('stack-test/keep.txt');
  });

  it('restarts a crashed service after its backoff, and leaves one killed through the control API down', async () => {
    const worker = async () => (await stackControl.status()).processes.find((p) => p.name === 'webhook-worker')!;
    const before = await worker();
    expect(before).toMatchObject({ running: true, pid: expect.any(Number) });
    process.kill(before.pid!, 'SIGKILL'); // a crash: the supervisor did not ask for it
    // back: a new process, running and answering its health endpoint
    const health = readStackInfo().healthUrls['webhook-worker']!;
    const answers = () => fetch(health, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    const deadline = Date.now() + 60_000;
    let back = await worker();
    while (!(back.running && back.pid !== before.pid && (await answers())) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      back = await worker();
    }
    expect(back).toMatchObject({ running: true, crashes: before.crashes + 1 });
    expect(back.pid).not.toBe(before.pid);
    expect(await answers()).toBe(true);
    // a deliberate kill: its exit is handled before the call answers, and no restart is scheduled for it
    expect(await stackControl.kill('webhook-worker')).toMatchObject({ running: false, crashes: before.crashes + 1 });
    expect(await stackControl.start('webhook-worker')).toMatchObject({ running: true, crashes: before.crashes + 1 });
  });

  it('rejects unknown process names', async () => {
    await expect(stackControl.kill('no-such-process')).rejects.toThrow(/404/);
  });
});
