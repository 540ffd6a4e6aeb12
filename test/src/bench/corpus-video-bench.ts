import { composeDocument } from '@rp/render-worker/renderer';
import type { Placeholder } from '@rp/workflow-safe';
import { engineDecisionOf } from './bench-setup';
import type { PhaseContext } from './phase-context';
import { animatedDecided, loadPublicCorpus, type CorpusTemplate } from './public-corpus';
import type { CorpusVideo } from './corpus-video-rows';
import { rawVsNative } from './raw-vs-native';

/** Each template's video in this phase: short, so the corpus fits in a few minutes of bench time. */
const CORPUS_SECONDS = 2;

async function saveTemplate({ org }: PhaseContext, t: CorpusTemplate, html: string, placeholders: Placeholder[]): Promise<string> {
  const res = await org.api.post('/v1/templates', {
    name: `public ${t.name} ${CORPUS_SECONDS}s`,
    type: 'video',
    format: 'mp4',
    engine: 'auto',
    width: t.width,
    height: t.height,
    composition_html: html,
    placeholders,
    canvas_data: { duration_seconds: CORPUS_SECONDS, fps: t.video!.fps },
  });
  if (res.status !== 201) throw new Error(`${t.name}: template create failed: ${res.status} ${res.text.slice(0, 300)}`);
  return res.body.id as string;
}

/** Where each phase keeps its figures in the run's result. */
export const CORPUS_VIDEO_RESULT = { native: 'native_video_corpus', chromium: 'chromium_video_corpus' } as const;

/**
 * The animated templates of the public corpus (test/fixtures/public-templates) that its manifest records as decided
 * `engine`, each as a 2 s video at its own size and frame rate, saved with `engine: auto` through the API and judged
 * against the raw begin-frame pipeline capturing the same composed document, as the native-video phase does. With
 * `chromium` these are the templates the fast engines refuse: the path they really take, against its own floor.
 */
export function corpusVideoPhase(engine: keyof typeof CORPUS_VIDEO_RESULT): (ctx: PhaseContext) => Promise<void> {
  return async (ctx) => {
    const corpus = loadPublicCorpus();
    const picked = animatedDecided(corpus.PUBLIC_TEMPLATES, engine);
    // saved all at once, so their parity checks run while the first is measured
    const saved = await Promise.all(picked.map(async (t) => {
      const html = corpus.publicTemplateHtml(t.name);
      const placeholders = corpus.placeholdersOf(html);
      return { t, html, placeholders, id: await saveTemplate(ctx, t, html, placeholders) };
    }));
    const out: Record<string, CorpusVideo> = {};
    for (const { t, html, placeholders, id } of saved) {
      const decision = await engineDecisionOf(ctx.org.api, id, 300_000);
      const { width, height } = t;
      const fps = t.video!.fps;
      const document = composeDocument({ html, width, height, placeholders, modifications: [] });
      const measured = await rawVsNative(ctx, `${engine}-video-corpus`, { key: t.name, templateId: id, document, width, height, fps, seconds: CORPUS_SECONDS });
      out[t.name] = { decision, width, height, fps, seconds: CORPUS_SECONDS, ...measured };
    }
    ctx.run.result[CORPUS_VIDEO_RESULT[engine]] = out;
  };
}
