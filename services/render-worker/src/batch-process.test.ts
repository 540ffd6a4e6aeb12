import { batchCommand, batchEnv, restartDelayMs } from './batch-process';

describe('batch process arguments', () => {
  test('node runs under nice -n 10 with its own flags and the entry, so every thread inherits the niceness', () => {
    expect(batchCommand('/app/main.js', '/usr/bin/node', ['--enable-source-maps'])).toEqual({
      command: '/usr/bin/nice',
      args: ['-n', '10', '/usr/bin/node', '--enable-source-maps', '/app/main.js'],
    });
  });

  test('the child gets the parent environment in the batch role, without the Temporal metrics port', () => {
    expect(batchEnv({ DATABASE_URL: 'postgres://x', TEMPORAL_METRICS_PORT: '9465', RENDER_WORKER_ROLE: 'main' })).toEqual({
      DATABASE_URL: 'postgres://x',
      TEMPORAL_METRICS_PORT: '0',
      RENDER_WORKER_ROLE: 'batch',
    });
  });

  test('restarts back off from 1 s, doubling, to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(restartDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
