import { PassThrough, type Readable } from 'node:stream';
import archiver from 'archiver';
import { Context } from '@temporalio/activity';
import { storageKeys } from '@rp/storage';
import type { RenderActivityDeps } from './deps';
import { hasSubscribers, nowMs } from '@rp/db';

const SAFE_NAME = /[^A-Za-z0-9._-]+/g;
/** Objects opened ahead of the one being zipped. */
const ZIP_PREFETCH = 8;

/** Zip entry name: the item index, plus the item metadata's filename when given (sanitised, no paths). */
export function zipEntryName(index: number, resultPath: string, filename: unknown): string {
  const ext = resultPath.slice(resultPath.lastIndexOf('.') + 1);
  const prefix = String(index).padStart(3, '0');
  if (typeof filename === 'string' && filename.trim()) {
    const base = filename.split(/[\\/]/).pop()!.replace(SAFE_NAME, '_').slice(0, 120);
    return `${prefix}-${base.includes('.') ? base : `${base}.${ext}`}`;
  }
  return `${prefix}.${ext}`;
}

interface ZipItem {
  index: number;
  metadata: Record<string, unknown> | null;
  result_path: string;
  outputs: Array<{ variant: string; result_path: string }> | null;
}

/** The zip's entries: an item's result, or with size variants one entry per variant in a folder named after it. */
export function zipEntries(items: ZipItem[]): Array<{ path: string; name: string }> {
  return items.flatMap((item) =>
    item.outputs?.length
      ? item.outputs.map((o) => ({ path: o.result_path, name: `${o.variant}/${zipEntryName(item.index, o.result_path, item.metadata?.filename)}` }))
      : [{ path: item.result_path, name: zipEntryName(item.index, item.result_path, item.metadata?.filename) }],
  );
}

// eslint-disable-next-line max-lines-per-function -- a factory whose body is the activities it returns, each a function of its own.
export function createCollectionActivities(deps: RenderActivityDeps) {
  const { db, store } = deps;
  return {
    async markCollectionRendering(collectionId: string): Promise<void> {
      await db('collections').where({ id: collectionId, status: 'pending' }).update({ status: 'rendering' });
    },

    /**
     * Streams every completed item's result from MinIO into one zip that streams back into MinIO:
     * neither the zip nor all files are ever held in memory. Items are appended one at a time, while the next
     * few objects are already being opened (a GET round trip per item added up to seconds for 500 items).
     */
    async zipCollection(collectionId: string): Promise<{ zipPath: string | null }> {
      const col = await db('collections').where({ id: collectionId }).first();
      if (!col) return { zipPath: null };
      const items = await db('collection_items as ci')
        .join('renders as r', 'r.id', 'ci.render_id')
        .where({ 'ci.collection_id': collectionId, 'r.status': 'completed' })
        .orderBy('ci.index')
        .select('ci.index', 'ci.metadata', 'r.result_path', db.raw("r.image_metadata -> 'outputs' as outputs"));
      if (items.length === 0) return { zipPath: null };
      const entries = zipEntries(items);
      const zipPath = storageKeys.collectionZip(col.org_id, collectionId);
      const archive = archiver('zip', { zlib: { level: 1 }, store: true });
      const body = new PassThrough();
      archive.pipe(body);
      const upload = store.put(zipPath, body, 'application/zip');
      const ctx = Context.current();
      const opened: (Promise<Readable> | null)[] = entries.map(() => null);
      // one error listener for the whole archive (a listener per entry stayed attached: 500 on the bench's zip); it
      // stays on, so a second error after the first (an aborted entry's stream) is not an unhandled 'error' event
      const failed = new Promise<never>((_, reject) => archive.on('error', reject));
      failed.catch(() => undefined); // raced with each entry and with finalize below
      try {
        const open = (i: number) => {
          if (i >= entries.length || opened[i]) return;
          const p = store.getStream(entries[i]!.path);
          p.catch(() => undefined); // awaited in its turn; a failure of one opened ahead must not go unhandled
          opened[i] = p;
        };
        for (let i = 0; i < entries.length; i++) {
          const entry = entries[i]!;
          for (let k = i; k < i + ZIP_PREFETCH; k++) open(k);
          const stream = await opened[i]!;
          opened[i] = null;
          const added = new Promise<void>((resolve) => archive.once('entry', () => resolve()));
          archive.append(stream, { name: entry.name });
          await Promise.race([added, failed]);
          ctx.heartbeat(i);
        }
        await Promise.race([archive.finalize(), failed]);
        await upload;
      } catch (err) {
        for (const p of opened) void p?.then((s) => s.destroy(), () => undefined);
        archive.abort();
        body.destroy(err as Error);
        await upload.catch(() => undefined);
        throw err;
      }
      return { zipPath };
    },

    async finalizeCollection(collectionId: string, zipPath: string | null): Promise<{ status: string; notify: boolean }> {
      const row = await db.transaction(async (trx) => {
        const c = await trx('collections').where({ id: collectionId }).forUpdate().first();
        const [{ completed, failed }] = await trx('renders')
          .where({ collection_id: collectionId })
          .select(
            trx.raw(`count(*) filter (where status = 'completed')::int as completed`),
            trx.raw(`count(*) filter (where status = 'failed')::int as failed`),
          );
        const status = completed === 0 ? 'failed' : failed > 0 ? 'completed_with_errors' : 'completed';
        const [u] = await trx('collections')
          .where({ id: collectionId })
          .update({
            completed,
            failed,
            status,
            zip_storage_path: zipPath,
            completed_at: c.completed_at ?? nowMs(trx),
          })
          .returning('*');
        return u;
      });
      return { status: row.status, notify: await hasSubscribers(db, row.org_id, 'collection.completed', null) };
    },
  };
}
