import { parseDuration, parseRetrySchedule } from './retry-schedule';
import { webhookWorkerEnvSchema, loadWebhookWorkerConfig } from './config';

describe('retry schedule', () => {
  it('parses the default schedule', () => {
    expect(parseRetrySchedule(webhookWorkerEnvSchema.properties.WEBHOOK_RETRY_SCHEDULE.default)).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
  });

  it('parses units and spaces', () => {
    expect(parseRetrySchedule('0, 1s,1s ,2s,2s')).toEqual([0, 1000, 1000, 2000, 2000]);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('15')).toBe(15);
  });

  it('rejects garbage', () => {
    expect(() => parseRetrySchedule('0,5x')).toThrow(/not a duration/);
    expect(() => parseRetrySchedule('')).toThrow();
    expect(() => parseRetrySchedule('1s,,2s')).toThrow();
    expect(() => parseRetrySchedule(Array(51).fill('1s').join(','))).toThrow(/50/);
  });

  it('fails config loading naming the variable, not its value', () => {
    const env = { DATABASE_URL: 'postgres://x', MINIO_ACCESS_KEY: 'abc', MINIO_SECRET_KEY: 'abcdefgh', FILE_URL_SECRET: 'x'.repeat(16) };
    expect(loadWebhookWorkerConfig(env).WEBHOOK_RETRY_SCHEDULE).toBe('0,5s,5m,30m,2h,5h,10h,10h');
    expect(() => loadWebhookWorkerConfig({ ...env, WEBHOOK_RETRY_SCHEDULE: 'soon-ish' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => loadWebhookWorkerConfig({ ...env, WEBHOOK_TIMEOUT_MS: '5' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
