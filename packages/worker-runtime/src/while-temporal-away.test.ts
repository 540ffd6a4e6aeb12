import { TransportError } from '@temporalio/worker';
import { temporalAway, whileTemporalAway } from './while-temporal-away';

const retry = { giveUpAfterMs: 1_000, firstDelayMs: 5, maxDelayMs: 20 };

describe('whileTemporalAway', () => {
  it('runs the step again while it fails, with a doubling delay, then answers its result', async () => {
    let calls = 0;
    const retries: number[] = [];
    const answer = await whileTemporalAway(
      async () => (++calls < 5 ? Promise.reject(new Error('transport error')) : 'connected'),
      (_err, delay) => retries.push(delay),
      { retry },
    );
    expect(answer).toBe('connected');
    expect(calls).toBe(5);
    expect(retries).toEqual([5, 10, 20, 20]);
  });

  it('throws the last error once retrying would pass the give-up time', async () => {
    let calls = 0;
    const failing = async () => Promise.reject(new Error(`still down ${++calls}`));
    await expect(whileTemporalAway(failing, () => undefined, { retry: { ...retry, giveUpAfterMs: 30 } })).rejects.toThrow(/still down [2-9]/);
  });

  it('throws an error that does not mean "the server is away" at once', async () => {
    let calls = 0;
    const bad = async () => {
      calls++;
      throw new TypeError('taskQueue must be a string');
    };
    await expect(whileTemporalAway(bad, () => undefined, { retry, retryable: temporalAway })).rejects.toThrow(TypeError);
    expect(calls).toBe(1);
  });
});

describe("the workers' Worker.create waits for the server", () => {
  // what Worker.create threw when its namespace check met a server that was down
  const namespaceCheckWhileDown = new TransportError(
    'Namespace default was not found or failed to describe: Status { code: Unavailable, message: "tcp connect error" }',
  );

  it('counts a transport error as the server being away, and nothing else', () => {
    expect(temporalAway(namespaceCheckWhileDown)).toBe(true);
    expect(temporalAway(new TypeError('bad option'))).toBe(false);
  });

  it('creates the worker once the server answers again', async () => {
    let calls = 0;
    const logged: number[] = [];
    const create = async () => (++calls <= 3 ? Promise.reject(namespaceCheckWhileDown) : { state: 'INITIALIZED' });
    await expect(whileTemporalAway(create, (_e, d) => logged.push(d), { retry, retryable: temporalAway })).resolves.toEqual({ state: 'INITIALIZED' });
    expect(logged).toEqual([5, 10, 20]);
  });
});
