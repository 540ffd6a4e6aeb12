import crypto from 'node:crypto';
import { judgePinnedStylesheets } from '@rp/engine-gate';
import type { SsrfGuard } from '@rp/net-guard';
import type { ObjectStore } from '@rp/storage';
import { PIN_CAPS, pinnedAssetKey, type PinnedResource, type PinResourcesInput, type PinResourcesOutput } from '@rp/workflow-safe';
import { checkIntegrity } from './check-integrity';
import { cssReferences, type Reference } from './css-references';
import { fetchForPinning, PinFetchError } from './fetch-for-pinning';
import { htmlReferences } from './html-references';
import { moduleImports } from './module-imports';
import { isScriptReference, type ScriptReference } from './script-references';

export interface PinDeps {
  ssrfGuard: SsrfGuard;
  store: Pick<ObjectStore, 'put' | 'stat'>;
}

/** The template loads more than PIN_CAPS.MAX_RESOURCES: the save is refused (422), naming the cap. */
export class TooManyResourcesError extends Error {
  constructor() {
    super(
      `the template loads more than ${PIN_CAPS.MAX_RESOURCES} resources (stylesheets, @imports, fonts, images, scripts and module imports together); ` +
        'pinning stops there, so the version cannot be saved',
    );
    this.name = 'TooManyResourcesError';
  }
}

interface Item extends Reference {
  depth: number;
  /** Where it was found: the finder's path and its index there, so the manifest's order does not depend on timing. */
  path: number[];
}

/** Document order, depth first: a stylesheet, then what it loads, then the template's next reference. */
function byPath(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const unresolved = (r: Reference, err: PinFetchError): PinnedResource => ({
  url: r.url, kind: r.kind, status: 'unresolved', asset_key: null, sha256: null, bytes: null, content_type: null,
  error: { code: err.code, message: err.message }, gate: null,
});

/** Stores the bytes under their sha256 within the org, once: a key that exists already holds exactly these bytes. */
async function store(deps: PinDeps, orgId: string, body: Buffer, contentType: string): Promise<{ key: string; sha256: string }> {
  const sha256 = crypto.createHash('sha256').update(body).digest('hex');
  const key = pinnedAssetKey(orgId, sha256);
  if (!(await deps.store.stat(key))) await deps.store.put(key, body, contentType, { sha256 });
  return { key, sha256 };
}

/**
 * Runs `work` on every item of `queue`, CONCURRENCY at a time, items added while it runs included: a lane that finds
 * the queue empty waits while others still run (a stylesheet being fetched adds its fonts and images), so what a
 * stylesheet loads is fetched CONCURRENCY at a time too, and N resources take at most ceil(N / CONCURRENCY) rounds
 * of one fetch each, plus one per level of stylesheet nesting (docs/pinning.md "Save latency").
 */
async function inLanes<T>(queue: T[], work: (item: T) => Promise<void>): Promise<void> {
  let running = 0;
  let waiting: Array<() => void> = [];
  const lane = async (): Promise<void> => {
    for (;;) {
      const item = queue.shift();
      if (item === undefined) {
        if (running === 0) return;
        await new Promise<void>((wake) => waiting.push(wake));
        continue;
      }
      running++;
      try {
        await work(item);
      } finally {
        running--;
        const wake = waiting;
        waiting = [];
        for (const w of wake) w();
      }
    }
  };
  await Promise.all(Array.from({ length: PIN_CAPS.CONCURRENCY }, lane));
}

/**
 * A module's static imports as references, resolved against the module's URL as it was requested: a render answers
 * that URL with the stored bytes, so the browser resolves the imports against it too (docs/pinning.md).
 */
const importsOf = (script: ScriptReference, body: Buffer): ScriptReference[] =>
  moduleImports(body.toString('utf8'), script.url, script.importMap).map((i) => ({
    url: i.url, kind: 'script', module: i.javascript, integrity: null, importMap: script.importMap,
  }));

/**
 * Pins what a template loads from elsewhere (docs/pinning.md): its references (html-references.ts) and, for each
 * stylesheet fetched, that stylesheet's own (resolved against its URL), and for each JavaScript module its static
 * imports (a module graph is bounded by the same caps), CONCURRENCY fetches at a time through fetchForPinning.
 * Each resource ends `pinned` (stored once per org by sha256) or `unresolved` with its error: past a size cap, a
 * failed fetch, a blocked address, nested past MAX_IMPORT_DEPTH, or still running at DEADLINE_MS. A script whose
 * `integrity` does not match its bytes throws IntegrityMismatchError (check-integrity.ts).
 * More than MAX_RESOURCES distinct URLs throws TooManyResourcesError at once. Storage failures throw (retried).
 * Each pinned stylesheet's entry carries the static gate's verdict of it against the template (`gate`,
 * judgePinnedStylesheets), which the API's gate reads instead of the bytes.
 */
export async function pinResources(deps: PinDeps, input: PinResourcesInput): Promise<PinResourcesOutput> {
  const started = Date.now();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('pinning deadline')), PIN_CAPS.DEADLINE_MS);
  const found = new Map<string, number[]>();
  const results = new Map<string, PinnedResource>();
  const queue: Item[] = [];
  const sheets: Array<{ url: string; css: string }> = [];
  let usedBytes = 0;
  const enqueue = (refs: Reference[], depth: number, parent: number[]) => {
    refs.forEach((r, i) => {
      if (found.has(r.url)) return;
      if (found.size >= PIN_CAPS.MAX_RESOURCES) throw new TooManyResourcesError();
      const path = [...parent, i];
      found.set(r.url, path);
      queue.push({ ...r, depth, path });
    });
  };
  const pinOne = async (item: Item) => {
    if (item.kind === 'stylesheet' && item.depth > PIN_CAPS.MAX_IMPORT_DEPTH) {
      results.set(item.url, unresolved(item, new PinFetchError('asset_unreachable', `${item.url.slice(0, 200)}: @import nested deeper than ${PIN_CAPS.MAX_IMPORT_DEPTH}`)));
      return;
    }
    try {
      const maxBytes = Math.min(PIN_CAPS.MAX_RESOURCE_BYTES, PIN_CAPS.MAX_TOTAL_BYTES - usedBytes);
      const got = await fetchForPinning(deps.ssrfGuard, item.url, { signal: deadline.signal, maxBytes });
      if (isScriptReference(item)) checkIntegrity(item.url, item.integrity, got.body);
      usedBytes += got.body.length;
      const { key, sha256 } = await store(deps, input.orgId, got.body, got.contentType);
      results.set(item.url, { url: item.url, kind: item.kind, status: 'pinned', asset_key: key, sha256, bytes: got.body.length, content_type: got.contentType, error: null, gate: null });
      if (item.kind === 'stylesheet') {
        const css = got.body.toString('utf8');
        sheets.push({ url: item.url, css });
        enqueue(cssReferences(css, item.url), item.depth + 1, item.path);
      } else if (isScriptReference(item) && item.module) {
        enqueue(importsOf(item, got.body), item.depth + 1, item.path);
      }
    } catch (err) {
      if (!(err instanceof PinFetchError)) throw err;
      results.set(item.url, unresolved(item, err));
    }
  };
  try {
    enqueue(htmlReferences(input.html), 0, []);
    await inLanes(queue, pinOne);
  } finally {
    clearTimeout(timer);
    deadline.abort(new Error('pinning finished'));
  }
  const order = [...found].sort((a, b) => byPath(a[1], b[1])).map(([url]) => url);
  const pinned = new Set([...results.values()].filter((r) => r.status === 'pinned').map((r) => r.url));
  const rank = new Map(order.map((u, i) => [u, i]));
  const verdicts = judgePinnedStylesheets(input.html, sheets.sort((a, b) => rank.get(a.url)! - rank.get(b.url)!), pinned);
  const resources = order.map((u) => ({ ...results.get(u)!, gate: verdicts.get(u) ?? null }));
  return { resources, ms: Date.now() - started };
}
