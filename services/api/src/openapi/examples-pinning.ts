/** A version's pinned resources (docs/pinning.md): one stylesheet pinned, one image that could not be fetched at save. */
const SHA = '5f7c0e4a1b2d3c4e5f60718293a4b5c6d7e8f9010203040506070809a0b1c2d3';

export const examplePinnedResources = (orgId: string) => [
  {
    url: 'https://fonts.example.com/css2?family=Inter', kind: 'stylesheet', status: 'pinned',
    asset_key: `orgs/${orgId}/pinned/${SHA}`, sha256: SHA, bytes: 1204, content_type: 'text/css; charset=utf-8', error: null,
    gate: { findings: [], rules: 6, unmatched_rules: 0 },
  },
  {
    url: 'https://cdn.example.com/logo.png', kind: 'image', status: 'unresolved', asset_key: null, sha256: null, bytes: null, content_type: null,
    error: { code: 'asset_unreachable', message: 'https://cdn.example.com/logo.png: answered 404' }, gate: null,
  },
];
