import type { StackInfo } from '@rp/stack';
import type { TestOrg } from '../support/orgs';
import type { BenchRun } from './bench-run';
import type { WorkerSettings } from './stack-probe';

export const PHASES = ['images', 'urls', 'videos', 'formats', 'collections', 'fairness', 'webhooks', 'load', 'isolation', 'native', 'native-video', 'native-video-corpus', 'chromium-video-corpus', 'preflight'] as const;
export type Phase = (typeof PHASES)[number];

export interface BenchArgs {
  quick: boolean;
  only: Set<Phase>;
  clients: number;
  budgetS: number;
  /** The cluster pass of `npm run bench -- --cluster`: the dev run's results files to put the comparison into. */
  compareWith: string[];
}

/** What every phase gets: the run it records into, the arguments, the stack, and the bench org with its card. */
export interface PhaseContext {
  run: BenchRun;
  args: BenchArgs;
  info: StackInfo;
  settings: WorkerSettings;
  org: TestOrg;
  cardTemplateId: string;
}
