// Example values for the OpenAPI document. They are checked against the very schemas ajv enforces
// (openapi/examples.test.ts), so a schema change that makes one wrong fails the unit tests.
import { exampleProvenance } from './example-warnings';
import { examplePinnedResources } from './examples-pinning';

const ORG = '0b7e8f1c-2d3a-4c5b-8e9f-1a2b3c4d5e6f';
const TEMPLATE = '6f1d2c3b-4a59-4e6d-8c7b-9a0f1e2d3c4b';
const IMAGE = '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a';
const VIDEO = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const COLLECTION = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const PERSON = '1f2e3d4c-5b6a-4798-8a6b-5c4d3e2f1a0b';
const ASSET = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const WEBHOOK = '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a';
const DELIVERY = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const AT = '2026-11-23T10:15:00.000Z';
const DONE = '2026-11-23T10:15:02.412Z';
const FILE = (p: string) => `https://render.example.com/files/${p}?expires=1795430100&sig=Qm9yZ2VzIGFuZCBCaW9ndWU`;

const html =
  '<div style="width:1200px;height:630px;background:#0b5;display:flex;align-items:center;justify-content:center">' +
  '<h1 data-placeholder="title" style="color:#fff;font:bold 72px sans-serif">Hello</h1></div>';

export const examplePlaceholders = [
  { name: 'title', type: 'text', default: 'Hello', format: null },
  { name: 'price', type: 'number', default: 9.5, format: '$0.00' },
];

export const exampleCreateTemplate = {
  name: 'Open graph card',
  type: 'image',
  format: 'png',
  width: 1200,
  height: 630,
  composition_html: html,
  placeholders: examplePlaceholders,
  engine: 'auto',
};

/** The content of an unsaved template, as POST /v1/previews takes it. */
export const examplePreviewTemplate = {
  type: 'image',
  width: 1200,
  height: 630,
  composition_html: html,
  placeholders: examplePlaceholders,
};

export const exampleUpdateTemplate = { name: 'Open graph card (dark)', composition_html: html.replace('#0b5', '#123') };

const content = {
  type: 'image',
  format: 'png',
  width: 1200,
  height: 630,
  canvas_data: {},
  composition_html: html,
  placeholders: examplePlaceholders,
  video_strategy: 'screenshot',
  engine: 'auto', source: 'html', warnings: [],
  engine_decision: {
    engine: 'native',
    reason: 'parity_passed',
    parity: {
      metric: 'ssim+psnr',
      threshold: { ssim: 0.97, psnr: 28, ssim_region: 0.5 },
      samples: [
        { sample: 'defaults', ssim: 0.9912, psnr: 36.41, ssim_region: 0.9531, chromium_ms: 118, native_ms: 21 },
        { sample: 'long-text', ssim: 0.9874, psnr: 34.02, ssim_region: 0.9402, chromium_ms: 109, native_ms: 19 },
      ],
      min_ssim: 0.9874,
      min_psnr: 34.02,
      min_ssim_region: 0.9402,
      native_version: 'takumi 2.16.3',
    },
  },
};

export const exampleTemplate = {
  id: TEMPLATE,
  project_id: ORG,
  org_id: ORG,
  name: 'Open graph card',
  ...content,
  is_published: true,
  current_version: 2,
  created_at: AT,
  updated_at: DONE,
};

export const exampleTemplateVersion = { template_id: TEMPLATE, org_id: ORG, version: 2, ...content, pinned_resources: examplePinnedResources(ORG), created_at: AT };
export const exampleModifications = [
  { name: 'title', text: 'Summer sale' },
  { name: 'price', number: 19.9 },
];

export const exampleCreateImage = {
  template_id: TEMPLATE,
  modifications: exampleModifications,
  webhook_url: 'https://hooks.example.com/render-done',
  metadata: { campaign: 'summer' },
};

const renderCommon = {
  org_id: ORG,
  template_id: TEMPLATE,
  template_version: 2,
  modifications: exampleModifications,
  metadata: { campaign: 'summer' },
  webhook_url: null,
  webhook_id: null,
  collection_id: null,
  created_at: AT,
};

export const exampleImage = {
  ...renderCommon,
  id: IMAGE,
  object: 'image',
  status: 'completed',
  result_url: FILE(`renders/${IMAGE}.png`),
  thumbnail_url: FILE(`renders/${IMAGE}-thumb.png`),
  error: null,
  duration_ms: 2412,
  started_at: AT,
  completed_at: DONE,
  image_metadata: {
    width: 1200,
    height: 630,
    format: 'png',
    bytes: 48213,
    sha256: 'a3f1'.repeat(16),
    provenance: exampleProvenance,
  },
  warnings: [{ code: 'text_overflow', placeholder: 'title', message: 'text "Welcome to the team, Anna-Katharina" overflows its box and is clipped' }],
};

export const exampleCreateVideo = { template_id: TEMPLATE, modifications: exampleModifications, duration_seconds: 4, fps: 30 };

export const exampleVideo = {
  ...renderCommon,
  id: VIDEO,
  object: 'video',
  status: 'rendering',
  result_url: null,
  thumbnail_url: null,
  error: null,
  duration_ms: null,
  started_at: AT,
  completed_at: null,
  duration_seconds: 4,
  fps: 30,
  width: 1200,
  height: 630,
  progress: { frames_done: 60, frames_total: 120, percent: 50 },
};

export const exampleCreateCollection = {
  template_id: TEMPLATE,
  name: 'Summer cards',
  items: [
    { modifications: [{ name: 'title', text: 'Anna' }], metadata: { filename: 'anna.png' } },
    { modifications: [{ name: 'title', text: 'Ben' }], metadata: { filename: 'ben.png' } },
  ],
};

export const exampleCreateFromPeople = {
  template_id: TEMPLATE,
  people: { birthday: 'today', sector: 'Sales' },
  mapping: { title: 'Happy birthday, {first_name}!' },
  name: 'Birthdays',
};

export const exampleCollectionSummary = {
  id: COLLECTION,
  org_id: ORG,
  template_id: TEMPLATE,
  template_version: 2,
  name: 'Summer cards',
  type: 'image',
  status: 'rendering',
  total: 2,
  completed: 1,
  failed: 0,
  zip_url: null,
  zip_storage_path: null,
  created_at: AT,
  completed_at: null,
  metadata: {},
};

export const exampleCollection = {
  ...exampleCollectionSummary,
  items: [
    { index: 0, render_id: IMAGE, workflow_id: `collection-${COLLECTION}-item-0`, status: 'completed', result_url: FILE(`renders/${IMAGE}.png`), error: null, metadata: { filename: 'anna.png' }, warnings: [] },
    { index: 1, render_id: VIDEO, workflow_id: `collection-${COLLECTION}-item-1`, status: 'rendering', result_url: null, error: null, metadata: { filename: 'ben.png' }, warnings: null },
  ],
  warnings_count: {},
  items_with_warnings: [],
};

export const exampleCreatePerson = {
  external_id: 'emp-1042',
  first_name: 'Anna',
  last_name: 'Schmidt',
  birth_date: '1990-06-14',
  hire_date: '2019-03-01',
  email: 'anna.schmidt@example.com',
  position: 'Account manager',
  sector: 'Sales',
  photo_asset_id: ASSET,
  custom_fields: { shirt_size: 'M' },
};

export const exampleUpdatePerson = { position: 'Head of sales', status: 'active' };

export const examplePerson = {
  id: PERSON,
  org_id: ORG,
  ...exampleCreatePerson,
  phone: null,
  status: 'active',
  created_at: AT,
  updated_at: DONE,
  photo_url: FILE(`assets/${ASSET}`),
};

export const exampleAsset = {
  id: ASSET,
  org_id: ORG,
  content_type: 'image/png',
  bytes: 20481,
  sha256: '9c1e'.repeat(16),
  filename: 'anna.png',
  url: FILE(`assets/${ASSET}`),
  created_at: AT,
};

export const exampleCreateWebhook = {
  url: 'https://hooks.example.com/render-platform',
  events: ['image.completed', 'image.failed'],
  description: 'CMS sync',
};

export const exampleUpdateWebhook = { description: 'CMS sync (production)', enabled: true };

export const exampleWebhook = {
  id: WEBHOOK,
  org_id: ORG,
  ...exampleCreateWebhook,
  enabled: true,
  implicit: false,
  disabled_reason: null,
  created_at: AT,
  updated_at: AT,
};

export const exampleWebhookWithSecret = { ...exampleWebhook, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' };

export const exampleDelivery = {
  id: DELIVERY,
  webhook_id: WEBHOOK,
  event_type: 'image.completed',
  status: 'failed',
  http_status: 500,
  attempts: 6,
  next_retry_at: null,
  delivered_at: null,
  created_at: AT,
  payload: { type: 'image.completed', timestamp: DONE, data: { id: IMAGE, object: 'image', status: 'completed' } },
  response_body: 'Internal Server Error',
};

export const exampleDeliveryDetail = {
  ...exampleDelivery,
  series: 1,
  attempt_history: [
    { series: 1, attempt: 1, http_status: 500, response_body: 'Internal Server Error', error: null, duration_ms: 41, created_at: DONE },
    { series: 1, attempt: 2, http_status: null, response_body: null, error: 'timeout', duration_ms: 10000, created_at: DONE },
  ],
};

export const exampleRedelivery = { ...exampleDelivery, status: 'pending', http_status: null, attempts: 0, response_body: null };

const parityFile = (sample: string, which: string) =>
  `https://api.example.com/files/orgs/${ORG}/templates/${TEMPLATE}/v2/parity-${sample}-${which}.png?expires=1795000000&sig=3f1c0a`;

export const exampleVersionParity = {
  template_id: TEMPLATE,
  version: 2,
  engine: 'native',
  reason: 'parity_passed',
  threshold: content.engine_decision.parity.threshold,
  samples: content.engine_decision.parity.samples.map(({ sample, ssim, psnr, ssim_region }) => ({
    sample, ssim, psnr, ssim_region,
    chromium_url: parityFile(sample, 'chromium'),
    native_url: parityFile(sample, 'native'),
    diff_url: parityFile(sample, 'diff'),
  })),
};
