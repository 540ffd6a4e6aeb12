import { readStackInfo, type StackInfo } from '@rp/stack';

/** Coordinates of the running test stack (the supervisor writes them to $STACK_FILE). */
export const stackInfo = (): StackInfo => readStackInfo();
export type { StackInfo };
export { stackControl } from '@rp/stack';

export const isQuick = () => process.env.TEST_PROFILE === 'quick';
export { temporalMetricsPort } from '@rp/stack';
