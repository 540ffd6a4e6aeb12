import type { NativeConnection } from '@temporalio/worker';
import { connectTemporal } from './connect-temporal';

const retry = { giveUpAfterMs: 1_000, firstDelayMs: 5, maxDelayMs: 20 };
const fakeConnection = {} as NativeConnection;

describe('connectTemporal', () => {
  it('retries while the server refuses, then answers the connection', async () => {
    let calls = 0;
    const retries: number[] = [];
    const conn = await connectTemporal(
      { address: 'x' },
      (_err, delay) => retries.push(delay),
      retry,
      async () => (++calls < 4 ? Promise.reject(new Error('transport error')) : fakeConnection),
    );
    expect(conn).toBe(fakeConnection);
    expect(calls).toBe(4);
    expect(retries).toEqual([5, 10, 20]);
  });

  it('throws the last error once retrying would pass the give-up time', async () => {
    const failing = async () => Promise.reject(new Error('still down'));
    await expect(connectTemporal({ address: 'x' }, () => undefined, { ...retry, giveUpAfterMs: 30 }, failing)).rejects.toThrow('still down');
  });
});
