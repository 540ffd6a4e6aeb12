// Examples of the warnings, preflight and provenance shapes, kept apart so examples.ts stays small.
const TEMPLATE = '6f1d2c3b-4a59-4e6d-8c7b-9a0f1e2d3c4b';

export const exampleProvenance = {
  template_id: TEMPLATE,
  template_version: 3,
  document_sha256: '5d0c'.repeat(16),
  engine: 'chromium',
  engine_version: 'chromium 131.0.6778.85',
  chromium_version: '131.0.6778.85',
  fonts: { 'fonts-dejavu-core': '2.37-6', 'fonts-liberation': '1:1.07.4-11', 'fonts-noto-color-emoji': '2.042-0+deb12u1' },
  assets: [{ url: 'https://images.example.com/anna.jpg', sha256: '77e2'.repeat(16) }],
  fingerprint: '0b9e'.repeat(16),
};

export const examplePreflight = {
  object: 'collection_preflight',
  template_id: TEMPLATE,
  template_version: 3,
  total: 2,
  duration_ms: 180,
  warnings_count: { image_missing: 1 },
  items_with_warnings: [1],
  items: [
    { index: 0, metadata: { filename: 'anna.png' }, modifications: [{ name: 'title', text: 'Anna' }], warnings: [], error: null },
    { index: 1, metadata: { filename: 'ben.png' }, modifications: [{ name: 'title', text: 'Ben' }], warnings: [{ code: 'image_missing', placeholder: 'photo', message: "image placeholder 'photo' has no image" }], error: null },
  ],
};
