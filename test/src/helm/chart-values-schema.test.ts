import fs from 'node:fs';
import path from 'node:path';
import { CHART_DIR } from './helm';
import { SERVICES, SERVICE_NAMES, type ServiceName } from './chart-kit';

describe('helm chart: values.schema.json mirrors the services\' env constraints', () => {
  interface Prop {
    type?: string;
    minimum?: number;
    maximum?: number;
    minLength?: number;
    pattern?: string;
    enum?: string[];
    properties?: Record<string, Prop>;
  }
  const valuesSchema = JSON.parse(fs.readFileSync(path.join(CHART_DIR, 'values.schema.json'), 'utf8')) as Prop;
  const at = (...keys: string[]) =>
    keys.reduce<Prop>((p, k) => {
      const next = p.properties?.[k];
      if (!next) throw new Error(`values.schema.json has no ${keys.join('.')}`);
      return next;
    }, valuesSchema);
  const envProp = (svc: ServiceName, name: string) => (SERVICES[svc].schema.properties as unknown as Record<string, Prop>)[name];

  /** The chart may be stricter than the service, never looser: a value the service rejects must fail helm lint. */
  function expectAtLeastAsStrict(chart: Prop, service: Prop, label: string) {
    expect({ label, type: chart.type }).toEqual({ label, type: service.type ?? chart.type });
    if (service.minimum !== undefined) expect(chart.minimum ?? -Infinity).toBeGreaterThanOrEqual(service.minimum);
    if (service.maximum !== undefined) expect(chart.maximum ?? Infinity).toBeLessThanOrEqual(service.maximum);
    if (service.minLength !== undefined) expect(chart.minLength ?? 0).toBeGreaterThanOrEqual(service.minLength);
    if (service.pattern !== undefined) expect({ label, pattern: chart.pattern }).toEqual({ label, pattern: service.pattern });
    if (service.enum !== undefined) expect({ label, enum: chart.enum }).toEqual({ label, enum: service.enum });
  }

  const VALUE_KEYS: Record<ServiceName, string> = { api: 'api', 'render-worker': 'renderWorker', 'webhook-worker': 'webhookWorker' };
  const STRUCTURED: Record<string, string> = {
    port: 'PORT',
    healthPort: 'HEALTH_PORT',
    temporalMetricsPort: 'TEMPORAL_METRICS_PORT',
    shutdownGraceMs: 'SHUTDOWN_GRACE_MS',
  };

  it.each(SERVICE_NAMES)('%s: config map keys and structured settings', (svc) => {
    const component = at(VALUE_KEYS[svc]);
    for (const [name, prop] of Object.entries(at(VALUE_KEYS[svc], 'config').properties ?? {})) {
      const service = envProp(svc, name);
      expect({ name, known: Boolean(service) }).toEqual({ name, known: true });
      expectAtLeastAsStrict(prop, service, `${svc}.config.${name}`);
    }
    for (const [key, name] of Object.entries(STRUCTURED)) {
      if (!component.properties?.[key]) continue;
      expectAtLeastAsStrict(component.properties[key], envProp(svc, name), `${svc}.${key}`);
    }
  });

  it('shared settings', () => {
    const pairs: [string[], string][] = [
      [['secrets', 'databaseUrl'], 'DATABASE_URL'],
      [['secrets', 'minioAccessKey'], 'MINIO_ACCESS_KEY'],
      [['secrets', 'minioSecretKey'], 'MINIO_SECRET_KEY'],
      [['minio', 'bucket'], 'MINIO_BUCKET'],
      [['logLevel'], 'LOG_LEVEL'],
    ];
    for (const [keys, name] of pairs) {
      const chart = at(...keys);
      expectAtLeastAsStrict({ type: 'string', ...chart }, envProp('api', name), keys.join('.'));
    }
  });
});
