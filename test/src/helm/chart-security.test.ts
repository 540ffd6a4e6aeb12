import { PRODUCTION_VALUES, renderChart } from './helm';
import { SERVICES, find, renderWith } from './chart-kit';

// What the chart does for isolation (docs/security.md): the render worker's sandbox context.
const RENDER_WORKER = SERVICES['render-worker'].deployment;

describe('chart: Chromium sandbox of the render worker', () => {
  it.each([
    ['default values', [] as string[]],
    ['production values', [PRODUCTION_VALUES]],
  ])('%s: root with only SETUID/SETGID, no escalation, read-only root, a seccomp profile that allows user namespaces', (_l, files) => {
    const objs = renderChart({ valuesFiles: files });
    const pod = find(objs, 'Deployment', RENDER_WORKER).spec.template.spec;
    const [c] = pod.containers;
    expect(c.securityContext).toEqual({
      runAsNonRoot: false,
      runAsUser: 0,
      runAsGroup: 0,
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'], add: ['SETUID', 'SETGID'] },
      seccompProfile: { type: 'Unconfined' },
    });
    const env = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === RENDER_WORKER)?.data ?? {};
    expect({ user: env.RENDER_SANDBOX_USER, allow: env.RENDER_ALLOW_NO_SANDBOX }).toEqual({ user: 'rp-chromium', allow: '0' });
  });

  it('switchUser: false runs everything as uid 10001 and keeps the seccomp profile', () => {
    const objs = renderWith('renderWorker:\n  sandbox:\n    switchUser: false\n    seccompProfile: { type: Localhost, localhostProfile: profiles/chromium.json }\n');
    const [c] = find(objs, 'Deployment', RENDER_WORKER).spec.template.spec.containers;
    expect(c.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: 10001,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/chromium.json' },
    });
    expect(c.securityContext.capabilities.add).toBeUndefined();
  });
});

describe('chart: NetworkPolicies', () => {
  const objs = () => renderChart().filter((o) => o.kind === 'NetworkPolicy');
  const policy = (name: string) => {
    const p = objs().find((o) => o.metadata.name === `rp-render-platform-${name}`);
    if (!p) throw new Error(`NetworkPolicy ${name} not rendered`);
    return p.spec;
  };
  const ports = (rule: { ports?: { port: number | string }[] }) => (rule.ports ?? []).map((p) => p.port);
  const internet = (rules: { to?: { ipBlock?: { cidr: string; except?: string[] } }[] }[]) =>
    rules.find((r) => r.to?.some((t) => t.ipBlock?.cidr === '0.0.0.0/0'));

  it('a default-deny policy selects every pod of the release, both directions, with no rule', () => {
    const spec = policy('default-deny');
    expect(spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'render-platform', 'app.kubernetes.io/instance': 'rp' } },
      policyTypes: ['Ingress', 'Egress'],
    });
  });

  it('render worker: DNS, Postgres, Temporal, MinIO and the internet outside private ranges; nothing inbound', () => {
    const spec = policy('render-worker');
    expect(spec.ingress).toBeUndefined();
    expect(spec.egress.map(ports)).toEqual([[53, 53], [5432], [7233], [9000], []]);
    const open = internet(spec.egress)!;
    const v4 = open.to!.find((t) => t.ipBlock?.cidr === '0.0.0.0/0')!.ipBlock!;
    for (const cidr of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8']) expect(v4.except).toContain(cidr);
    expect(open.to!.find((t) => t.ipBlock?.cidr === '::/0')!.ipBlock!.except).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10']));
  });

  it('webhook worker: like the render worker but no MinIO; API: its port in, dependencies out, no internet', () => {
    const webhook = policy('webhook-worker');
    expect(webhook.egress.map(ports)).toEqual([[53, 53], [5432], [7233], []]);
    expect(internet(webhook.egress)).toBeDefined();
    const api = policy('api');
    expect(api.ingress).toEqual([{ ports: [{ protocol: 'TCP', port: 'http' }] }]);
    expect(api.egress.map(ports)).toEqual([[53, 53], [5432], [7233], [9000]]);
    expect(internet(api.egress)).toBeUndefined();
    expect(policy('migrate').egress.map(ports)).toEqual([[53, 53], [5432], [9000]]);
  });

  it('metricsFrom opens only the metrics ports, to the given peers; networkPolicy.enabled=false renders none', () => {
    const withProm = renderWith('networkPolicy:\n  metricsFrom:\n    - namespaceSelector: { matchLabels: { name: monitoring } }\n')
      .find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'rp-render-platform-render-worker')!.spec;
    expect(withProm.ingress).toEqual([
      { ports: [{ protocol: 'TCP', port: 'health' }, { protocol: 'TCP', port: 'temporal-metrics' }], from: [{ namespaceSelector: { matchLabels: { name: 'monitoring' } } }] },
    ]);
    // the API's ops port (/metrics, the detailed /readyz) is open to the scrapers only, never with the public port
    const apiWithProm = renderWith('networkPolicy:\n  metricsFrom:\n    - namespaceSelector: { matchLabels: { name: monitoring } }\n')
      .find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'rp-render-platform-api')!.spec;
    expect(apiWithProm.ingress).toEqual([
      { ports: [{ protocol: 'TCP', port: 'http' }] },
      { ports: [{ protocol: 'TCP', port: 'ops' }], from: [{ namespaceSelector: { matchLabels: { name: 'monitoring' } } }] },
    ]);
    expect(renderWith('networkPolicy:\n  enabled: false\n').filter((o) => o.kind === 'NetworkPolicy')).toEqual([]);
  });
});
