import { ConfigError, commonEnv, envKeys, fileUrlEnv, loadConfig, storageEnv, workerEnv, type EnvSchema } from './index';

const schema = {
  type: 'object',
  properties: {
    ...commonEnv,
    ...storageEnv,
    ...fileUrlEnv,
    ...workerEnv,
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
  },
  required: ['DATABASE_URL', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'FILE_URL_SECRET'],
} as const satisfies EnvSchema;

const valid = {
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/render',
  MINIO_ACCESS_KEY: 'minioadmin',
  MINIO_SECRET_KEY: 'minioadmin-secret',
  FILE_URL_SECRET: 'a-very-long-file-url-secret',
};

const failure = (env: NodeJS.ProcessEnv): ConfigError => {
  try {
    loadConfig(schema, env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected loadConfig to fail');
};

describe('loadConfig', () => {
  it('applies defaults and coerces numbers', () => {
    const cfg = loadConfig<Record<string, unknown>>(schema, { ...valid, PORT: '9090', UNRELATED: 'x' });
    expect(cfg).toMatchObject({ ...valid, PORT: 9090, TEMPORAL_ADDRESS: '127.0.0.1:7233', MINIO_BUCKET: 'renders', HEALTH_PORT: 0 });
    expect(cfg).not.toHaveProperty('UNRELATED');
  });

  it('treats an empty value like a missing one', () => {
    expect(failure({ ...valid, DATABASE_URL: '' }).variables).toEqual(['DATABASE_URL']);
  });

  it('names every missing variable', () => {
    const err = failure({});
    expect(err.variables.sort()).toEqual(['DATABASE_URL', 'FILE_URL_SECRET', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY']);
    expect(err.message).toContain('FILE_URL_SECRET is required');
  });

  it('names an invalid variable but never prints its value', () => {
    const secret = 'short';
    const badUrl = 'mysql://root:hunter2@db/render';
    const err = failure({ ...valid, FILE_URL_SECRET: secret, DATABASE_URL: badUrl, PORT: 'not-a-port-value' });
    expect(err.variables.sort()).toEqual(['DATABASE_URL', 'FILE_URL_SECRET', 'PORT']);
    for (const value of [secret, badUrl, 'hunter2', 'not-a-port-value']) {
      expect(err.message).not.toContain(value);
      expect(JSON.stringify(err.variables)).not.toContain(value);
    }
  });

  it('rejects out-of-range numbers and enum misses by name', () => {
    expect(failure({ ...valid, PORT: '70000' }).variables).toEqual(['PORT']);
    expect(failure({ ...valid, LOG_LEVEL: 'loud' }).variables).toEqual(['LOG_LEVEL']);
  });

  it('lists the variables a schema reads, sorted', () => {
    expect(envKeys(schema)).toEqual([...Object.keys(schema.properties)].sort());
  });
});
