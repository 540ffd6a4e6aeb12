import type { PinResourcesInput } from '@rp/workflow-safe';
import type { ApiDeps } from '../deps';
import { pinnerFor } from './pin-at-save';

// Pinning at save: HTML that names no http(s) URL records an empty manifest without asking the worker; any other
// asks it, once, with the org and the HTML, and records what it answers.
describe('pinnerFor', () => {
  const calls: Array<{ input: PinResourcesInput; requestId: string }> = [];
  const resource = { url: 'https://cdn.test/a.css', kind: 'stylesheet', status: 'pinned', asset_key: 'k', sha256: 'a'.repeat(64), bytes: 3, content_type: 'text/css', error: null } as const;
  const temporal = {
    runPinning: async (input: PinResourcesInput, requestId: string) => (calls.push({ input, requestId }), { resources: [resource], ms: 1 }),
  } as unknown as ApiDeps['temporal'];
  const pin = pinnerFor({ temporal }, 'org-1');

  it('skips the workflow for a template without http(s) URLs', async () => {
    expect(await pin('<p style="color:red">Hi {{name}}</p><img src="asset://0b6c3f9e-8d1a-4c2b-9f3e-1a2b3c4d5e6f">')).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('asks the worker for anything else, with a fresh request id each time', async () => {
    const html = '<link rel="stylesheet" href="https://cdn.test/a.css">';
    expect(await pin(html)).toEqual([resource]);
    await pin(html);
    expect(calls.map((c) => c.input)).toEqual([{ orgId: 'org-1', html }, { orgId: 'org-1', html }]);
    expect(calls[0]!.requestId).not.toBe(calls[1]!.requestId);
  });
});
