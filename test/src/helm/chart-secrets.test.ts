import { PRODUCTION_VALUES, renderChart } from './helm';
import { HOOK_PHASES, SECRETS_OF, SECRET_ENV, byKind, type ServiceName } from './chart-kit';

// Where the secret variables come from: a generated hook Secret by default, the operator's existingSecret otherwise.
describe('helm chart: Secret handling', () => {
  it('default values: a hook Secret (weight -10) holding exactly the four secret variables', () => {
    const objs = renderChart();
    const secrets = byKind(objs, 'Secret');
    expect(secrets).toHaveLength(1);
    const [s] = secrets;
    expect(s.metadata.annotations).toMatchObject({
      'helm.sh/hook': HOOK_PHASES,
      'helm.sh/hook-weight': '-10',
    });
    expect(Object.keys(s.data ?? {}).sort()).toEqual([...SECRET_ENV].sort());
    const fileUrlSecret = Buffer.from(s.data!.FILE_URL_SECRET, 'base64').toString();
    expect(fileUrlSecret.length).toBeGreaterThanOrEqual(16); // generated when not given
    for (const d of byKind(objs, 'Deployment')) {
      for (const e of d.spec.template.spec.containers[0].env.filter((x: { valueFrom?: unknown }) => x.valueFrom)) {
        expect(e.valueFrom.secretKeyRef.name).toBe(s.metadata.name);
      }
    }
  });

  it('existingSecret: no Secret is rendered and every ref points at it with the mapped keys', () => {
    const objs = renderChart({ valuesFiles: [PRODUCTION_VALUES] });
    expect(byKind(objs, 'Secret')).toEqual([]);
    const keys: Record<string, string> = {
      DATABASE_URL: 'database-url',
      MINIO_ACCESS_KEY: 'minio-access-key',
      MINIO_SECRET_KEY: 'minio-secret-key',
      FILE_URL_SECRET: 'file-url-secret',
    };
    const workloads = [...byKind(objs, 'Deployment'), ...byKind(objs, 'Job')];
    for (const w of workloads) {
      const pod = w.spec.template.spec;
      const refs = pod.containers[0].env.filter((e: { valueFrom?: unknown }) => e.valueFrom);
      const component = w.metadata.labels?.['app.kubernetes.io/component'] as ServiceName | 'migrate';
      expect(refs.map((e: { name: string }) => e.name).sort()).toEqual([...SECRETS_OF[component]].sort());
      for (const e of refs) expect(e.valueFrom.secretKeyRef).toEqual({ name: 'render-platform-secrets', key: keys[e.name] });
    }
  });
});
