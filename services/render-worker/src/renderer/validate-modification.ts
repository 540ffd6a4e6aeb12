import type { Modification, Placeholder } from '@rp/common';
import { isCssColor } from './css-color';

/**
 * Validation shared by the API (request validation) and the renderer (last line of defence), so it stays free of
 * Node and Puppeteer imports. Returns a human readable message, or null when the modification is usable.
 */
export const MAX_TEXT_LENGTH = 10_000;
const MAX_URL_LENGTH = 2_048;
// data: URLs carry the image itself; the API body limit bounds them too, this just stops absurd values early.
const MAX_DATA_URL_LENGTH = 10 * 1024 * 1024;
const ASSET_REF = /^asset:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*(;base64)?,/i;

export function validateModificationValue(
  placeholder: Pick<Placeholder, 'name' | 'type'>,
  modification: Modification,
): string | null {
  const label = `modification '${placeholder.name}'`;
  switch (placeholder.type) {
    case 'text': {
      const v = modification.text;
      if (typeof v !== 'string') return `${label} needs a string 'text' (text placeholder)`;
      if (v.length > MAX_TEXT_LENGTH) return `${label}: text is longer than ${MAX_TEXT_LENGTH} characters`;
      return null;
    }
    case 'image': {
      const v = modification.image_url;
      if (typeof v !== 'string' || v.length === 0) return `${label} needs a string 'image_url' (image placeholder)`;
      return imageUrlError(label, v);
    }
    case 'color': {
      const v = modification.color;
      if (typeof v !== 'string') return `${label} needs a string 'color' (color placeholder)`;
      if (!isCssColor(v)) return `${label}: '${v.slice(0, 60)}' is not a CSS colour (#rgb, #rrggbb, #rrggbbaa, rgb(), rgba(), hsl() or a named colour)`;
      return null;
    }
    case 'number': {
      const v = modification.number;
      if (typeof v !== 'number' || !Number.isFinite(v)) return `${label} needs a finite 'number' (number placeholder)`;
      return null;
    }
    default:
      return `${label}: unknown placeholder type '${String(placeholder.type)}'`;
  }
}

function imageUrlError(label: string, v: string): string | null {
  if (v.startsWith('data:')) {
    if (v.length > MAX_DATA_URL_LENGTH) return `${label}: data URL is larger than ${MAX_DATA_URL_LENGTH} bytes`;
    return DATA_IMAGE.test(v) ? null : `${label}: data URL must be an image (data:image/...)`;
  }
  if (v.startsWith('asset://')) return ASSET_REF.test(v) ? null : `${label}: asset reference must be asset://<uuid>`;
  if (v.length > MAX_URL_LENGTH) return `${label}: image_url is longer than ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return `${label}: image_url is not a valid URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${label}: image_url must be http(s), data:image or asset://<uuid>`;
  }
  return null;
}
