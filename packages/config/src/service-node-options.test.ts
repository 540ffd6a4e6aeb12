import { HEAP_SHARE_OF_LIMIT, INITIAL_OLD_SPACE_FLAG, SERVICE_NODE_OPTIONS, heapNodeFlags, heapSizing, serviceHeapFlags, serviceNodeOptions } from './service-node-options';

describe('serviceNodeOptions', () => {
  it('adds the service flags after the inherited options', () => {
    expect(serviceNodeOptions(undefined)).toBe(SERVICE_NODE_OPTIONS);
    expect(serviceNodeOptions(' --require /x.js ')).toBe(`--require /x.js ${SERVICE_NODE_OPTIONS}`);
  });
  it('adds heap flags last, so they win over the service semi-space', () => {
    expect(serviceNodeOptions('--inspect', heapNodeFlags(512, 2))).toBe(`--inspect ${SERVICE_NODE_OPTIONS} ${heapNodeFlags(512, 2).join(' ')}`);
  });
});

describe('serviceHeapFlags', () => {
  it("sizes the webhook worker's two isolates for its setting, else its cgroup's limit, else the default", () => {
    expect(serviceHeapFlags('webhook-worker', { WEBHOOK_MEMORY_LIMIT_MB: '1024' }, () => 512)).toEqual(heapNodeFlags(1024, 2));
    expect(serviceHeapFlags('webhook-worker', { WEBHOOK_MEMORY_LIMIT_MB: '0' }, () => 768)).toEqual(heapNodeFlags(768, 2));
    expect(serviceHeapFlags('webhook-worker', {}, () => null)).toEqual(heapNodeFlags(512, 2));
  });
  it('leaves the heap of any other service to Node', () => {
    expect(serviceHeapFlags('api', {}, () => 512)).toEqual([]);
  });
  it("starts the render worker's old generation at 64 MB, whatever its limit", () => {
    expect(serviceHeapFlags('render-worker', {}, () => 4096)).toEqual([INITIAL_OLD_SPACE_FLAG]);
    expect(INITIAL_OLD_SPACE_FLAG).toBe('--initial-old-space-size=64');
  });
});

describe('heapSizing', () => {
  it("keeps every isolate's whole heap within its part of the limit's heap share", () => {
    for (const limitMb of [512, 768, 1024, 2048, 4096]) {
      for (const isolates of [1, 2]) {
        const h = heapSizing(limitMb, isolates);
        expect(h.heapMb).toBe(h.oldSpaceMb + 3 * h.semiSpaceMb);
        expect(h.heapMb * isolates).toBeLessThanOrEqual(limitMb * HEAP_SHARE_OF_LIMIT);
      }
    }
  });
  it("a small heap gets a smaller nursery; a large one the services' 32 MB semi-space", () => {
    expect(heapSizing(512)).toEqual({ semiSpaceMb: 16, oldSpaceMb: 208, heapMb: 256 });
    expect(heapSizing(512, 2)).toEqual({ semiSpaceMb: 8, oldSpaceMb: 104, heapMb: 128 });
    expect(heapSizing(4096)).toEqual({ semiSpaceMb: 32, oldSpaceMb: 1952, heapMb: 2048 });
  });
  it('never below the least old generation a service starts with', () => {
    expect(heapSizing(128, 4).oldSpaceMb).toBe(64);
  });
  it('as node flags', () => {
    expect(heapNodeFlags(512, 2)).toEqual(['--max-semi-space-size=8', '--max-old-space-size=104']);
  });
});
