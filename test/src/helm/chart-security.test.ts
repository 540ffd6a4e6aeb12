import { PRODUCTION_VALUES, renderChart, writeTempValues, type K8sObject } from './helm';

// What the chart does for isolation (docs/security.md): the render worker's sandbox context.
const RENDER_WORKER = 'rp-render-platform-render-worker';

const deployment = (objs: K8sObject[], name: string) => {
  const d = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
  if (!d) throw new Error(`Deployment ${name} not rendered`);
  return d;
};

function renderWith(values: string): K8sObject[] {
  const { file, cleanup } = writeTempValues(values);
  try {
    return renderChart({ valuesFiles: [file] });
  } finally {
    cleanup();
  }
}

describe('chart: Chromium sandbox of the render worker', () => {
  it.each([
    ['default values', [] as string[]],
    ['production values', [PRODUCTION_VALUES]],
  ])('%s: root with only SETUID/SETGID, no escalation, read-only root, a seccomp profile that allows user namespaces', (_l, files) => {
    const objs = renderChart({ valuesFiles: files });
    const pod = deployment(objs, RENDER_WORKER).spec.template.spec;
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
    const [c] = deployment(objs, RENDER_WORKER).spec.template.spec.containers;
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
