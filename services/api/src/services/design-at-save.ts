import { compileDesign, designPlaceholders, isDesignDocument } from '@rp/design';
import type { ErrorDetail } from '@rp/errors';
import type { Placeholder } from '@rp/workflow-safe';
import { checkDesign } from './check-design';
import { normalizePlaceholders } from './normalize-placeholders';

export interface DesignedContent {
  /** The template type: only a video's layers may animate. */
  type: string;
  canvas_data: Record<string, unknown>;
  composition_html?: string;
  placeholders: Placeholder[];
}

/**
 * A designed template (canvas_data with `layers`) is saved with the HTML and placeholders compiled from it; a client
 * may leave both out, and one it sends must be what the design compiles to (one source of truth). Hand-written
 * templates pass through unchanged. Returns the problems, else writes the compiled fields into `content`.
 */
export function designAtSave(content: DesignedContent, given: { composition_html?: string; placeholders?: Placeholder[] }): ErrorDetail[] {
  const doc = content.canvas_data;
  if (!isDesignDocument(doc)) {
    return content.composition_html ? [] : [{ field: 'composition_html', message: 'is required (or canvas_data.layers, a design document)' }];
  }
  const problems = checkDesign(doc, content.type === 'video');
  if (problems.length) return problems;
  const html = compileDesign(doc);
  const placeholders = designPlaceholders(doc.layers);
  if (given.composition_html !== undefined && given.composition_html !== html) {
    problems.push({ field: 'composition_html', message: 'a designed template\'s HTML is compiled from canvas_data.layers: leave it out (or send canvas_data without layers to write HTML by hand)' });
  }
  if (given.placeholders !== undefined && !samePlaceholders(given.placeholders, placeholders)) {
    problems.push({ field: 'placeholders', message: 'a designed template\'s placeholders follow from the bindings of canvas_data.layers: leave them out' });
  }
  if (problems.length) return problems;
  content.composition_html = html;
  content.placeholders = normalizePlaceholders(placeholders);
  return [];
}

const samePlaceholders = (a: Placeholder[], b: Placeholder[]): boolean =>
  a.length === b.length && a.every((p, i) => p.name === b[i]!.name && p.type === b[i]!.type && (p.default ?? null) === b[i]!.default);
