/**
 * V8 flags every service process runs with: `NODE_OPTIONS` in the container images (Dockerfile, runtime stage) and
 * in the stack's service env (tools/stack service-component.ts); forked children (the batch process, native engine
 * processes) inherit them. A 32 MB young-generation semi-space (Node 20's default caps it at 16 MB): a render
 * allocates megabytes of short-lived buffers and protobuf/JSON objects, and a larger nursery lets more of them die
 * before a scavenge has to copy the survivors. Measured with the bench's native phase, with and without the flag back to
 * back (bench/README.md): render-worker Node CPU 3.29 -> 2.89 s per 180 images (0.018 -> 0.016 CPU-s each), API
 * 1.13 -> 1.04 s.
 */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=32';

/** `NODE_OPTIONS` for a service: the inherited options (a debugger, a profiler preload) and the service flags. */
export function serviceNodeOptions(inherited: string | undefined): string {
  const own = inherited?.trim();
  return own ? `${own} ${SERVICE_NODE_OPTIONS}` : SERVICE_NODE_OPTIONS;
}
