import { MemoryTally, memoryCgroupDir, readCgroupMemory, resetPeak, type MemoryCgroup, type MemorySummary } from './cgroup-memory';
import type { PodContainer } from './podman';

/** A container's memory over a watch, with what podman says about its exits. */
export interface MemoryReport extends MemorySummary {
  container: string;
  /** The chart's limit (resources.limits.memory), as podman was given it. */
  chartLimitBytes: number;
  /** peakBytes / chartLimitBytes. */
  fractionOfLimit: number;
  /** Times podman restarted the container (restart policy always, as the Deployment's pod). */
  restarts: number;
  /** podman's State.OOMKilled: the container's last exit was the kernel's OOM killer. */
  oomKilled: boolean;
}

const MiB = 2 ** 20;

/** "…-webhook-worker: 180 MiB at the start, peak 301 MiB of 512 MiB (59 %, memory.max_usage_in_bytes), …" */
export const describeMemory = (r: MemoryReport): string =>
  `${r.container}: ${Math.round(r.firstUsageBytes / MiB)} MiB at the start, peak ${Math.round(r.peakBytes / MiB)} MiB of ${Math.round(r.chartLimitBytes / MiB)} MiB ` +
  `(${Math.round(r.fractionOfLimit * 100)} %, ${r.peakSource}), anonymous peak ${Math.round(r.anonPeakBytes / MiB)} MiB (sampled), ` +
  `${r.oomKills} OOM kills, ${r.restarts} restarts, OOMKilled ${r.oomKilled}, ${r.samples} samples`;

/**
 * Samples a running container's memory cgroup every `everyMs` until stop(); its peak is the peak since the watch
 * started (resetPeak). The cgroup is found again after a restart (a new PID 1, a fresh cgroup), so a watch spans the
 * container's restarts; the first reading is taken before start resolves, so a watch always has one.
 */
export async function watchMemory(pod: PodContainer, everyMs = 250): Promise<{ stop(): Promise<MemoryReport> }> {
  const chartLimitBytes = pod.spec.limits.memoryBytes;
  if (chartLimitBytes === undefined) throw new Error(`${pod.name}: the chart gives it no memory limit`);
  const tally = new MemoryTally();
  let cgroup: MemoryCgroup | null = null;
  // the kernel's high-water mark measures the watch only once started again (or in a cgroup made since)
  let kernelPeakOfWatch: boolean | null = null;
  const sample = async () => {
    try {
      if (!cgroup) {
        cgroup = memoryCgroupDir(Number(await pod.inspect('{{.State.Pid}}')));
        kernelPeakOfWatch = kernelPeakOfWatch === null ? resetPeak(cgroup) : true;
      }
      const r = readCgroupMemory(cgroup);
      tally.add(kernelPeakOfWatch ? r : { ...r, peakBytes: null });
    } catch {
      cgroup = null; // between two runs of the container, or its PID 1 changed: look it up again next time
    }
  };
  await sample();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, everyMs));
      await sample();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await sample();
      const summary = tally.summary();
      return {
        ...summary,
        container: pod.name,
        chartLimitBytes,
        fractionOfLimit: summary.peakBytes / chartLimitBytes,
        restarts: Number(await pod.inspect('{{.RestartCount}}')),
        oomKilled: (await pod.inspect('{{.State.OOMKilled}}')) === 'true',
      };
    },
  };
}
