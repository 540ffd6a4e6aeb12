import crypto from 'node:crypto';
import { createFinalRenderListener, RENDER_FINAL_CHANNEL, type FinalRenderListener } from '@rp/db';
import { closeTestDb, testDb } from '../support/orgs';
import { stackInfo } from '../support/stack-info';

// The API's `Prefer: wait` listener against the stack's Postgres: a wait registered before its render can finish
// answers at the NOTIFY without reading the row; a wait for a render that may already be final looks at the row.
describe('final render listener (Postgres LISTEN/NOTIFY)', () => {
  let listener: FinalRenderListener;
  const notify = (id: string) => testDb().raw('select pg_notify(?, ?)', [RENDER_FINAL_CHANNEL, id]);

  beforeAll(async () => {
    listener = createFinalRenderListener(stackInfo().databaseUrl);
    // connect once, as a running API is: later expect() calls then know they listen
    await listener.waitFor(crypto.randomUUID(), async () => true, 1000);
  });
  afterAll(async () => {
    await listener.close();
    await closeTestDb();
  });

  it('answers an expected render at its NOTIFY without a look at the row', async () => {
    const id = crypto.randomUUID();
    const wait = listener.expect(id);
    let looks = 0;
    const done = wait.wait(async () => (looks++, false), 30_000);
    await notify(id);
    await done;
    // a poll would have looked: the notification woke it
    expect(looks).toBe(0);
  });

  it('keeps a NOTIFY that arrives before wait() is called', async () => {
    const id = crypto.randomUUID();
    const wait = listener.expect(id);
    await notify(id);
    // the notification travels asynchronously: give it time to land before waiting
    await new Promise((r) => setTimeout(r, 200));
    let looks = 0;
    await wait.wait(async () => (looks++, false), 30_000);
    expect(looks).toBe(0);
  });

  it('ignores other renders notifications and gives up after its time, looking at the row on each poll', async () => {
    const id = crypto.randomUUID();
    const wait = listener.expect(id);
    let looks = 0;
    const done = wait.wait(async () => (looks++, false), 1_500);
    await notify(crypto.randomUUID());
    await done;
    expect(looks).toBeGreaterThanOrEqual(1);
  });

  it('waitFor looks at the row first: a render final before the wait answers at once', async () => {
    let looks = 0;
    await listener.waitFor(crypto.randomUUID(), async () => (++looks, true), 30_000);
    expect(looks).toBe(1);
  });

  it('a cancelled wait leaves no waiter behind to wake', async () => {
    const id = crypto.randomUUID();
    listener.expect(id).cancel();
    const again = listener.expect(id);
    const done = again.wait(async () => false, 30_000);
    await notify(id);
    await expect(done).resolves.toBeUndefined();
  });
});
