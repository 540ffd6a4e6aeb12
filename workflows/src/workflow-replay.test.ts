import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, Worker, type WorkflowBundle } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { temporal } from '@temporalio/proto';

// Histories recorded from the current workflows (record-histories.stack.test.ts) must replay against this code: a
// change that alters the commands a history recorded (activities, children, timers, markers, upserts, their order)
// fails here. From the first release on such a change is versioned (docs/ARCHITECTURE.md "Temporal") and the old
// fixtures stay beside new ones. No server: the bundle is built from the sources, @rp/workflow-safe included.
const FIXTURES = path.join(__dirname, 'fixtures');
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, log() {} };

async function bundleOf(workflowsPath: string): Promise<WorkflowBundle> {
  return bundleWorkflowCode({
    workflowsPath,
    logger: silent,
    webpackConfigHook: (config) => ({
      ...config,
      resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as object), '@rp/workflow-safe': path.resolve(__dirname, '../../packages/workflow-safe/src/index.ts') } },
    }),
  });
}

const history = (file: string) => temporal.api.history.v1.History.decode(fs.readFileSync(path.join(FIXTURES, file)));
const fixtures = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.bin')).sort();

describe('workflow replay', () => {
  let bundle: WorkflowBundle;
  beforeAll(async () => {
    bundle = await bundleOf(path.join(__dirname, 'index.ts'));
  });

  test('there are recorded histories to replay', () => {
    expect(fixtures).toEqual(expect.arrayContaining(['collection-image.bin', 'image-item-failed.bin', 'render-image.bin', 'render-video.bin']));
  });

  test.each(fixtures)('%s replays against the current workflows', async (file) => {
    await Worker.runReplayHistory({ workflowBundle: bundle }, history(file), file);
  });

  test('an unversioned change of a workflow fails the replay', async () => {
    const changed = await bundleOf(path.join(FIXTURES, 'incompatible-collection-workflow.ts'));
    await expect(Worker.runReplayHistory({ workflowBundle: changed }, history('collection-image.bin'), 'changed')).rejects.toThrow(DeterminismViolationError);
  });
});
