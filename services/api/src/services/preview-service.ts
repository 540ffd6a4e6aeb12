import crypto from 'node:crypto';
import type { CapsConfig } from '@rp/config';
import { engineFor, VIDEO_DEFAULTS, type Modification, type PreviewInput } from '@rp/workflow-safe';
import { AppError, unavailable, validationFailed, type ErrorDetail } from '@rp/errors';
import type { Knex } from '@rp/db';
import type { ApiDeps } from '../deps';
import { checkTemplateContent } from './check-template-content';
import type { CreateTemplateInput } from './create-template';
import { normalizePlaceholders } from './normalize-placeholders';
import { designAtSave } from './design-at-save';
import { validateModifications } from '@rp/render-admission';

export interface PreviewBody {
  template?: Omit<CreateTemplateInput, 'name' | 'project_id'>;
  template_id?: string;
  version?: number;
  modifications?: Modification[];
  time_seconds?: number;
}

type Content = Omit<PreviewInput, 'previewId' | 'orgId' | 'modifications' | 'timeSeconds' | 'fps'> & { canvas_data: Record<string, unknown> };

// Permanent render failures are the caller's input (422 with the same code a failed render records); anything
// else means the renderer could not do its job now.
const INPUT_FAILURES = new Set(['template_invalid', 'asset_unreachable', 'ssrf_blocked', 'render_timeout', 'template_too_complex', 'asset_too_large']);

/** A saved version of a live template of this org; another org's template or version reads as 404. */
async function savedContent(db: Knex, orgId: string, templateId: string, version?: number): Promise<Content> {
  const template = await db('templates').where({ id: templateId, org_id: orgId }).whereNull('deleted_at').first('current_version');
  if (!template) throw new AppError(404, 'not_found', 'template not found', { details: [{ field: 'template_id', message: 'no such template' }] });
  const row = await db('template_versions').where({ template_id: templateId, org_id: orgId, version: version ?? template.current_version }).first();
  if (!row) throw new AppError(404, 'not_found', 'template version not found', { details: [{ field: 'version', message: 'no such version' }] });
  return {
    type: row.type,
    format: row.format,
    width: row.width,
    height: row.height,
    html: row.composition_html,
    placeholders: row.placeholders,
    canvas_data: row.canvas_data ?? {},
    videoStrategy: row.video_strategy,
    // a saved version previews on the engine its renders use (a video's frame is Chromium's)
    engine: engineFor(row, row.type === 'video' ? 'video_frame' : 'image'),
    // and with the resources pinned for it, as its renders (docs/pinning.md)
    pinnedResources: row.pinned_resources ?? [],
  };
}

/** An unsaved template, held to the rules a created one must meet. */
function unsavedContent(t: NonNullable<PreviewBody['template']>, caps: CapsConfig): Content {
  // a design document previews as it would save: its HTML and placeholders compiled from it
  const designed = { type: t.type, canvas_data: t.canvas_data ?? {}, composition_html: t.composition_html, placeholders: normalizePlaceholders(t.placeholders ?? []) };
  const designProblems = designAtSave(designed, {});
  const content = {
    type: t.type,
    format: t.format ?? (t.type === 'video' ? 'mp4' : 'png'),
    width: t.width,
    height: t.height,
    html: designed.composition_html ?? '',
    placeholders: normalizePlaceholders(designed.placeholders),
    canvas_data: designed.canvas_data,
    videoStrategy: (t.video_strategy ?? 'auto') as Content['videoStrategy'],
  };
  const problems = [...designProblems, ...checkTemplateContent(content, caps)];
  if (problems.length) throw validationFailed(problems.map((d) => ({ ...d, field: `template.${d.field}` })));
  return content;
}

/** Checks the request and resolves it into what the renderer needs. */
export async function resolvePreview(db: Knex, orgId: string, body: PreviewBody, caps: CapsConfig): Promise<PreviewInput> {
  if ((body.template === undefined) === (body.template_id === undefined)) {
    throw validationFailed([{ field: 'template', message: 'send either template or template_id' }]);
  }
  if (body.version !== undefined && body.template_id === undefined) {
    throw validationFailed([{ field: 'version', message: 'is only allowed with template_id' }]);
  }
  const content = body.template ? unsavedContent(body.template, caps) : await savedContent(db, orgId, body.template_id!, body.version);
  const modifications = body.modifications ?? [];
  const details: ErrorDetail[] = validateModifications(content.placeholders, modifications);
  const fps = Number(content.canvas_data.fps ?? VIDEO_DEFAULTS.fps);
  const duration = Number(content.canvas_data.duration_seconds ?? VIDEO_DEFAULTS.duration_seconds);
  const time = body.time_seconds ?? 0;
  if (body.time_seconds !== undefined && content.type !== 'video') details.push({ field: 'time_seconds', message: 'is only allowed for video templates' });
  else if (content.type === 'video' && time >= duration) details.push({ field: 'time_seconds', message: `must be less than the template duration (${duration} s)` });
  if (details.length) throw validationFailed(details);
  const { canvas_data: _canvas, ...rest } = content;
  return { ...rest, previewId: crypto.randomUUID(), orgId, modifications, timeSeconds: time, fps };
}

/** The body field a renderer failure is about: the modification whose URL it names, else the template itself. */
function failedField(input: PreviewInput, body: PreviewBody, message: string): string {
  const i = input.modifications.findIndex((m) => m.image_url && message.includes(m.image_url.slice(0, 100)));
  if (i >= 0) return `modifications[${i}].image_url`;
  return body.template ? 'template.composition_html' : 'template_id';
}

function toAppError(failure: { code: string | null; message: string; cause: unknown }, input: PreviewInput, body: PreviewBody): Error {
  const { code, message } = failure;
  if (code && INPUT_FAILURES.has(code)) {
    return new AppError(422, code, message, { details: [{ field: failedField(input, body, message), message }] });
  }
  return unavailable('The renderer', failure.cause);
}

/** Renders on the render workers through Temporal and hands back the bytes; the MinIO copy is removed at once. */
export async function runPreview(deps: ApiDeps, orgId: string, body: PreviewBody): Promise<{ bytes: Buffer; contentType: string }> {
  const input = await resolvePreview(deps.db, orgId, body, deps.config);
  const timeout = deps.config.PREVIEW_TIMEOUT_MS;
  const outcome = await deps.temporal.runPreview(input, timeout);
  if (!outcome.ok) throw toAppError(outcome, input, body);
  const out = outcome.output;
  try {
    return { bytes: await deps.store.getBuffer(out.path), contentType: out.contentType };
  } finally {
    await deps.store.remove(out.path).catch(() => undefined);
  }
}
