import type { K8sObject } from './helm';

/*
 * Turns a pod the chart renders (Deployment or Job) into `podman run` arguments, so the container tier runs
 * the images exactly as Kubernetes would: the chart's user, read-only root filesystem, emptyDirs, resources.limits
 * as cgroup limits, dropped capabilities, command/args and env (values resolved from the rendered ConfigMaps and
 * Secret).
 * Pure: nothing is spawned here.
 */

/** Global podman flags on this machine: the default crun fails on its cgroup layout (docs/deploy.md). */
export const PODMAN_GLOBAL = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
/** Without explicit ulimits runc fails to start containers on this machine (docs/deploy.md). */
export const PODMAN_ULIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];

export interface K8sContainer {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  securityContext?: SecurityContext;
  resources?: { requests?: Quantities; limits?: Quantities };
  volumeMounts?: { name: string; mountPath: string }[];
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
}
export interface SecurityContext {
  runAsUser?: number;
  runAsGroup?: number;
  runAsNonRoot?: boolean;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string; localhostProfile?: string };
}
interface Quantities {
  cpu?: string | number;
  memory?: string | number;
}
interface Probe {
  httpGet?: { path: string; port: number | string };
}
interface PodSpec {
  containers: K8sContainer[];
  securityContext?: SecurityContext;
  volumes?: { name: string; emptyDir?: { medium?: string; sizeLimit?: string } }[];
  terminationGracePeriodSeconds?: number;
}

export interface HttpCheck {
  probe: 'startup' | 'liveness' | 'readiness';
  path: string;
  port: number;
}

/** The container's resources.limits as the cgroup limits `podman run` sets: bytes of memory, cores of CPU. */
export interface CgroupLimits {
  memoryBytes?: number;
  cpus?: number;
}

export interface PodmanRun {
  container: K8sContainer;
  limits: CgroupLimits;
  env: Record<string, string>;
  /** `podman run` arguments after the global flags, without the image's trailing args. */
  args: string[];
  probes: HttpCheck[];
  stopTimeoutSeconds: number;
  /** The pod's securityContext with the container's on top (what Kubernetes applies). */
  securityContext: SecurityContext;
}

export interface PodmanOptions {
  /** podman container name */
  name: string;
  /** Image to run instead of the chart's reference (the chart names a registry the build host does not have). */
  image?: string;
  detach?: boolean;
  /** Files for seccompProfile type Localhost, by localhostProfile. */
  seccompProfiles?: Record<string, string>;
  labels?: Record<string, string>;
}

export const podSpecOf = (o: K8sObject): PodSpec => (o.spec?.template?.spec ?? o.spec?.jobTemplate?.spec?.template?.spec) as PodSpec;

function secretValue(objs: K8sObject[], name: string, key: string, placeholders = false): string {
  const s = objs.find((o) => o.kind === 'Secret' && o.metadata.name === name);
  if (!s && placeholders) return `<${name}/${key}>`; // secrets.existingSecret: the chart renders no Secret
  if (!s) throw new Error(`Secret ${name} is not rendered`);
  if (s.stringData?.[key] !== undefined) return s.stringData[key];
  if (s.data?.[key] !== undefined) return Buffer.from(s.data[key], 'base64').toString('utf8');
  throw new Error(`Secret ${name} has no key ${key}`);
}

/**
 * The container's env as Kubernetes computes it: envFrom in order, then env (later wins). `secretPlaceholders`:
 * values from a Secret the chart does not render (an existing Secret) become "<name/key>", for name-only checks.
 */
export function resolveEnv(objs: K8sObject[], c: K8sContainer, secretPlaceholders = false): Record<string, string> {
  const env: Record<string, string> = {};
  for (const ef of c.envFrom ?? []) {
    const ref = ef.configMapRef ?? ef.secretRef;
    const kind = ef.configMapRef ? 'ConfigMap' : 'Secret';
    const o = objs.find((x) => x.kind === kind && x.metadata.name === ref?.name);
    if (!o) throw new Error(`${kind} ${ref?.name} is not rendered`);
    for (const k of Object.keys({ ...o.data, ...o.stringData })) env[k] = kind === 'Secret' ? secretValue(objs, o.metadata.name, k) : o.data![k]!;
  }
  for (const e of c.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    env[e.name] = ref ? secretValue(objs, ref.name, ref.key, secretPlaceholders) : (e.value ?? '');
  }
  return env;
}

/** "4Gi" -> "4g": tmpfs and --shm-size take binary k/m/g suffixes. */
export function toPodmanSize(q: string): string {
  const m = /^(\d+)(Ki|Mi|Gi)?$/.exec(q);
  if (!m) throw new Error(`unsupported size "${q}"`);
  return m[2] ? `${m[1]}${m[2][0]!.toLowerCase()}` : m[1]!;
}

const BYTE_UNITS: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** A Kubernetes memory quantity in bytes: "512Mi" -> 536870912, "1G" -> 1e9, "1000" -> 1000. */
export function quantityBytes(q: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(q));
  if (!m) throw new Error(`unsupported memory quantity "${q}"`);
  return Math.round(Number(m[1]) * (m[2] ? BYTE_UNITS[m[2]]! : 1));
}

/** A Kubernetes CPU quantity in cores: "500m" -> 0.5, "2" -> 2. */
export function quantityCores(q: string | number): number {
  const m = /^(\d+(?:\.\d+)?)(m)?$/.exec(String(q));
  if (!m) throw new Error(`unsupported cpu quantity "${q}"`);
  return m[2] ? Number(m[1]) / 1000 : Number(m[1]);
}

/**
 * resources.limits as cgroup limits, as the kubelet sets them: memory.limit (no swap beside it: Kubernetes nodes run
 * without swap by default, so the limit is all the memory the container has) and a CFS quota of that many cores.
 * Requests only weigh in scheduling, so they set nothing here.
 */
export function limitArgs(c: K8sContainer): { args: string[]; limits: CgroupLimits } {
  const l = c.resources?.limits ?? {};
  const args: string[] = [];
  const limits: CgroupLimits = {};
  if (l.memory !== undefined) {
    limits.memoryBytes = quantityBytes(l.memory);
    args.push(`--memory=${limits.memoryBytes}b`, `--memory-swap=${limits.memoryBytes}b`);
  }
  if (l.cpu !== undefined) {
    limits.cpus = quantityCores(l.cpu);
    args.push(`--cpus=${limits.cpus}`);
  }
  return { args, limits };
}

function probePort(c: K8sContainer, port: number | string): number {
  if (typeof port === 'number') return port;
  const p = c.ports?.find((x) => x.name === port);
  if (!p) throw new Error(`${c.name}: probe names port "${port}", which the container does not declare`);
  return p.containerPort;
}

export function httpChecks(c: K8sContainer): HttpCheck[] {
  const out: HttpCheck[] = [];
  for (const probe of ['startup', 'liveness', 'readiness'] as const) {
    const get = c[`${probe}Probe`]?.httpGet;
    if (get) out.push({ probe, path: get.path, port: probePort(c, get.port) });
  }
  return out;
}

const mergedSecurityContext = (pod: PodSpec, c: K8sContainer): SecurityContext => ({ ...pod.securityContext, ...c.securityContext });

function securityArgs(pod: PodSpec, c: K8sContainer, opts: PodmanOptions): string[] {
  const sc = mergedSecurityContext(pod, c);
  const args: string[] = [];
  if (sc.runAsUser !== undefined) args.push('--user', `${sc.runAsUser}:${sc.runAsGroup ?? sc.runAsUser}`);
  if (sc.readOnlyRootFilesystem) args.push('--read-only', '--read-only-tmpfs=false');
  if (sc.allowPrivilegeEscalation === false) args.push('--security-opt', 'no-new-privileges');
  for (const cap of sc.capabilities?.drop ?? []) args.push(`--cap-drop=${cap.toLowerCase()}`);
  for (const cap of sc.capabilities?.add ?? []) args.push(`--cap-add=${cap.toLowerCase()}`);
  const seccomp = sc.seccompProfile;
  if (seccomp?.type === 'Localhost') {
    const file = opts.seccompProfiles?.[seccomp.localhostProfile ?? ''];
    if (!file) throw new Error(`${c.name}: no file for seccomp profile "${seccomp.localhostProfile}"`);
    args.push('--security-opt', `seccomp=${file}`);
  } else if (seccomp?.type === 'Unconfined') {
    args.push('--security-opt', 'seccomp=unconfined');
  } // RuntimeDefault: podman's default profile
  return args;
}

/**
 * emptyDirs as the kubelet makes them, so that they weigh on the memory limit as they do there: `medium: Memory` is a
 * tmpfs (its pages count against the container's memory limit; /dev/shm through --shm-size), any other is a
 * directory on the node's disk: an anonymous volume here, kept across the container's restarts as an emptyDir
 * outlives its container's, and removed with it (`podman rm -v`, or --rm). A disk emptyDir's sizeLimit is an
 * eviction threshold of the kubelet, which podman has no equivalent of.
 */
function volumeArgs(pod: PodSpec, c: K8sContainer): string[] {
  const args: string[] = [];
  for (const m of c.volumeMounts ?? []) {
    const v = pod.volumes?.find((x) => x.name === m.name);
    if (!v?.emptyDir) throw new Error(`${c.name}: volume ${m.name} is not an emptyDir (the container tier only maps those)`);
    const size = v.emptyDir.sizeLimit ? toPodmanSize(v.emptyDir.sizeLimit) : undefined;
    if (m.mountPath === '/dev/shm') args.push(`--shm-size=${size ?? '64m'}`);
    else if (v.emptyDir.medium === 'Memory') args.push('--tmpfs', `${m.mountPath}:rw,nosuid,nodev,mode=1777${size ? `,size=${size}` : ''}`);
    else args.push('--mount', `type=volume,destination=${m.mountPath}`);
  }
  return args;
}

/** `podman run` for the first container of a rendered Deployment or Job, on the host network. */
export function podmanRun(objs: K8sObject[], owner: K8sObject, opts: PodmanOptions): PodmanRun {
  const pod = podSpecOf(owner);
  if (!pod) throw new Error(`${owner.kind}/${owner.metadata.name} has no pod template`);
  const c = pod.containers[0]!;
  const env = resolveEnv(objs, c);
  const stopTimeoutSeconds = pod.terminationGracePeriodSeconds ?? 30;
  const resources = limitArgs(c);
  const args = ['run', ...(opts.detach ? ['-d'] : ['--rm']), '--name', opts.name, '--network=host', ...PODMAN_ULIMITS];
  // a Deployment's pod restarts its container whenever it exits (restartPolicy Always); a Job's runs once here,
  // and a container run in the foreground is removed when it exits (podman refuses --rm with a restart policy)
  if (owner.kind === 'Deployment' && opts.detach) args.push('--restart=always');
  args.push(`--stop-timeout=${stopTimeoutSeconds}`);
  for (const [k, v] of Object.entries(opts.labels ?? {})) args.push('--label', `${k}=${v}`);
  args.push(...resources.args, ...securityArgs(pod, c, opts), ...volumeArgs(pod, c));
  for (const [k, v] of Object.entries(env)) args.push('--env', `${k}=${v}`);
  if (c.command) args.push(`--entrypoint=${JSON.stringify(c.command)}`);
  args.push(opts.image ?? c.image, ...(c.args ?? []));
  return { container: c, limits: resources.limits, env, args, probes: httpChecks(c), stopTimeoutSeconds, securityContext: mergedSecurityContext(pod, c) };
}
