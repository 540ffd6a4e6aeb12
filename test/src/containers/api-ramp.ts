import { performance } from 'node:perf_hooks';

/** What one step of the ramp (or the hold) measured: latencies of the requests sent during it, to their answers. */
interface StepFigure {
  rate: number;
  seconds: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers by status ("201", "429", …; "error: …" when no answer came). */
  statuses: Record<string, number>;
}

interface RampOptions {
  startRate: number;
  stepRate: number;
  stepSeconds: number;
  /** The ramp ends here whatever the p99: the rate held is then this one. */
  maxRate: number;
  holdSeconds: number;
  /** The ramp stops at the first step whose p99 passes this. */
  p99LimitMs: number;
  /** Sends the n-th request and answers its status (as a string: a failed connection is "error: …"). */
  send: (n: number) => Promise<string>;
}

export interface RampResult {
  steps: StepFigure[];
  heldRate: number;
  hold: StepFigure;
}

const quantile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]! : 0);
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * Sends `rate` requests a second for `seconds`, open loop: each request leaves at its time whatever the answers of
 * the earlier ones (a slow API meets the same arrivals, so its latency grows instead of the rate dropping), then waits
 * for every answer. `first` numbers the requests across steps.
 */
async function atRate(rate: number, seconds: number, first: number, send: RampOptions['send']): Promise<StepFigure> {
  const total = Math.round(rate * seconds);
  const answers: Promise<{ status: string; ms: number }>[] = [];
  const began = performance.now();
  while (answers.length < total) {
    const due = Math.min(total, Math.floor(((performance.now() - began) * rate) / 1000) + 1);
    while (answers.length < due) {
      const t0 = performance.now();
      answers.push(send(first + answers.length).then((status) => ({ status, ms: performance.now() - t0 })));
    }
    await tick();
  }
  const done = await Promise.all(answers);
  const ms = done.map((d) => d.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const d of done) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
  return { rate, seconds, requests: total, p50Ms: quantile(ms, 0.5), p99Ms: quantile(ms, 0.99), maxMs: ms.at(-1) ?? 0, statuses };
}

/**
 * Ramps the request rate up in steps (startRate, +stepRate every stepSeconds) until a step's p99 passes p99LimitMs
 * or the rate reaches maxRate, then holds that rate for holdSeconds. Every step's figures are returned, not judged:
 * the rate found is a property of the machine the run shares.
 */
export async function rampThenHold(o: RampOptions): Promise<RampResult> {
  const steps: StepFigure[] = [];
  let sent = 0;
  let rate = o.startRate;
  for (;;) {
    const step = await atRate(rate, o.stepSeconds, sent, o.send);
    sent += step.requests;
    steps.push(step);
    console.log(`ramp step ${rate}/s: p50 ${Math.round(step.p50Ms)} ms, p99 ${Math.round(step.p99Ms)} ms, ${JSON.stringify(step.statuses)}`);
    if (step.p99Ms > o.p99LimitMs || rate + o.stepRate > o.maxRate) break;
    rate += o.stepRate;
  }
  const hold = await atRate(rate, o.holdSeconds, sent, o.send);
  console.log(`hold ${rate}/s for ${o.holdSeconds} s: p50 ${Math.round(hold.p50Ms)} ms, p99 ${Math.round(hold.p99Ms)} ms, ${JSON.stringify(hold.statuses)}`);
  return { steps, heldRate: rate, hold };
}
