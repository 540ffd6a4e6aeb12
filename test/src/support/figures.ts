import fs from 'node:fs';
import path from 'node:path';

/** Where the reliability suites leave their figures; docs/reliability.md's figures are copied from the last run. */
export const FIGURES_FILE = path.resolve(__dirname, '../../../test-results/reliability.json');

/**
 * Records what a reliability suite measured (merged by suite name, so each run of a suite replaces its own entry)
 * and logs it. Recording happens after the assertions, so the file only ever holds figures of passing runs.
 */
export function recordFigures(suite: string, figures: object): void {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(fs.readFileSync(FIGURES_FILE, 'utf8'));
  } catch {
    // first suite of the run, or an unreadable leftover: start afresh
  }
  all[suite] = { ...figures, recorded_at: new Date().toISOString() };
  fs.mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  fs.writeFileSync(FIGURES_FILE, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`${suite}: ${JSON.stringify(figures)}`);
}
