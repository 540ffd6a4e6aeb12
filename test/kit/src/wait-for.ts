/** Polls until `fn` returns a truthy value or the deadline passes; the last value is in the error. */
export async function waitFor<T>(fn: () => Promise<T>, opts: { timeoutMs?: number; everyMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  let last: T | undefined;
  for (;;) {
    last = await fn();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${opts.what ?? 'condition'}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 200));
  }
}

/** Whether a process with this pid exists (a zombie not yet reaped still does). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
