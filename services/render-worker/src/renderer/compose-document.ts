import { assetUrls } from './asset-urls';
import { bindTemplate } from './bind-template';
import { FIT_TEXT_SCRIPT } from './fit-text-script';
import { resolveBindings } from './resolve-bindings';
import { RenderFailure, type ComposeInput } from './types';

/** Largest canvas edge we render: Chromium's compositor tiles get unreliable and memory explodes beyond this. */
export const MAX_CANVAS_EDGE = 8192;

/**
 * Content-Security-Policy of every rendered page. Request interception and the egress proxy are the real network
 * guard; the policy closes the channels they cannot observe well: WebSockets (not in `connect-src`), workers
 * (their requests run outside the page's interception) and plugins.
 */
const CSP = [
  "default-src * data: blob: 'unsafe-inline' 'unsafe-eval'",
  'connect-src http: https: data: blob:',
  "worker-src 'none'",
  "object-src 'none'",
].join('; ');

/**
 * Builds the complete HTML document a render page loads: template HTML with placeholder bindings applied
 * server-side (pure string transform, see docs/templates.md), asset references rewritten for the request guard,
 * and a fixed-size canvas. A template may be a fragment or a whole document: the HTML parser folds a nested
 * <html>/<head>/<body> into ours (their attributes merge, their content stays), so both work.
 */
export function composeDocument(input: ComposeInput): string {
  const { width, height } = input;
  for (const [label, v] of [['width', width], ['height', height]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > MAX_CANVAS_EDGE) {
      throw new RenderFailure('template_invalid', `${label} must be an integer between 1 and ${MAX_CANVAS_EDGE}, got ${v}`);
    }
  }
  if (typeof input.html !== 'string') throw new RenderFailure('template_invalid', 'template html must be a string');
  const bindings = resolveBindings(input.placeholders, input.modifications);
  const body = bindTemplate(assetUrls.rewrite(input.html), bindings);
  // !important: template CSS comes later in the document and must not resize or scroll the canvas.
  const canvas = `html,body{margin:0!important;width:${width}px!important;height:${height}px!important;overflow:hidden!important}`;
  return (
    '<!DOCTYPE html><html><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    `<style>${canvas}</style><script>${FIT_TEXT_SCRIPT}</script></head><body>${body}</body></html>`
  );
}

/** A saved template version's document at one canvas size: every render, preflight and parity sample of it. */
export function composeVersion(
  version: { composition_html: string; placeholders: ComposeInput['placeholders'] },
  size: { width: number; height: number },
  modifications: ComposeInput['modifications'],
): string {
  return composeDocument({ html: version.composition_html, width: size.width, height: size.height, placeholders: version.placeholders, modifications });
}
