import type { PreviewInput, PreviewOutput } from '@rp/workflow-safe';
import { previewer } from './activity-proxies';

/** One preview render on the render task queue. It owns no row and emits no event; the API waits for its result. */
export async function previewWorkflow(input: PreviewInput): Promise<PreviewOutput> {
  return previewer.renderPreview(input);
}
