import fs from 'node:fs';

/** Coordinates of the running test stack, written by the supervisor (packages/stack) to $STACK_FILE. */
export interface StackInfo {
  apiUrl: string;
  apiKey: string;
  orgId: string;
  databaseUrl: string;
  temporalAddress: string;
  temporalUiUrl: string;
  minio: { endpoint: string; accessKey: string; secretKey: string; bucket: string };
  controlUrl?: string;
  fileUrlSecret: string;
  dataDir: string;
  logsDir: string;
}

let cached: StackInfo | undefined;

export function stackInfo(): StackInfo {
  if (cached) return cached;
  const file = process.env.STACK_FILE;
  if (!file) throw new Error('STACK_FILE is not set: run the suite through `npm test`, which starts the stack');
  cached = JSON.parse(fs.readFileSync(file, 'utf8')) as StackInfo;
  return cached;
}

export const isQuick = () => process.env.TEST_PROFILE === 'quick';
