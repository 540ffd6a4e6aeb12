import { ENGINES } from '@rp/workflow-safe';
import { nullable, uuid } from './common';

// The parity check's figures (docs/engines.md, "Metric and threshold"), as a version's engine decision and as the
// studio's view of its samples carry them.
const parityThreshold = {
  type: 'object',
  required: ['ssim', 'psnr'],
  properties: { ssim: { type: 'number' }, psnr: { type: 'number' }, ssim_region: { type: 'number' } },
} as const;
const ssimRegion = {
  type: 'number',
  description: "the SSIM of the sample's worst 64-pixel region, each region at its best alignment within one pixel",
} as const;

export const parityOut = {
  type: 'object',
  description:
    'The figures of the parity check: SSIM and PSNR of the native render against Chromium\'s, per sample, and the SSIM of each sample\'s worst 64-pixel region (`ssim_region`), which a line of text drawn differently lowers where the whole image\'s figures barely move.',
  required: ['metric', 'threshold', 'samples', 'min_ssim', 'min_psnr'],
  properties: {
    metric: { type: 'string', enum: ['ssim+psnr'] },
    threshold: parityThreshold,
    samples: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sample', 'ssim', 'psnr'],
        properties: {
          sample: { type: 'string' },
          ssim: { type: 'number' },
          psnr: nullable({ type: 'number', description: 'dB; null when the two renders are identical' }),
          ssim_region: ssimRegion,
          chromium_ms: { type: 'number' },
          native_ms: { type: 'number' },
        },
      },
    },
    min_ssim: { type: 'number' },
    min_psnr: nullable({ type: 'number' }),
    min_ssim_region: { type: 'number' },
    native_version: { type: 'string' },
  },
} as const;

const signedUrl = nullable({ type: 'string', format: 'uri', description: 'Signed, expiring URL of a PNG (GET /files/...).' });

export const versionParitySchema = {
  title: 'TemplateVersionParity',
  type: 'object',
  description: 'The parity check of a version (docs/engines.md): each sample\'s figures with its Chromium render, native render and difference view.',
  required: ['template_id', 'version', 'engine', 'reason', 'threshold', 'samples'],
  properties: {
    template_id: uuid,
    version: { type: 'integer', minimum: 1 },
    engine: { type: 'string', enum: [...ENGINES] },
    reason: nullable({ type: 'string' }),
    threshold: nullable(parityThreshold),
    samples: {
      type: 'array',
      items: {
        type: 'object',
        required: ['sample', 'ssim', 'psnr', 'chromium_url', 'native_url', 'diff_url'],
        properties: {
          sample: { type: 'string' },
          ssim: { type: 'number' },
          psnr: nullable({ type: 'number' }),
          ssim_region: ssimRegion,
          chromium_url: signedUrl,
          native_url: signedUrl,
          diff_url: signedUrl,
        },
      },
    },
  },
} as const;
