import { MAX_WARNINGS_PER_RENDER, type RenderWarning } from '@rp/workflow-safe';
import { missingGlyphs, type Coverage } from './font-coverage';
import type { LayoutFacts } from './layout-facts-script';

/** An image drawn more than this many times its natural size looks soft: `image_upscaled`. */
export const UPSCALE_LIMIT = 2;
const MAX_CHARS_NAMED = 10;

const show = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);

function textWarnings(facts: LayoutFacts, coverage: Coverage | null): RenderWarning[] {
  const out: RenderWarning[] = [];
  for (const t of facts.texts) {
    if (t.overflow) {
      const shrunk = t.minPx !== null && t.fontPx <= t.minPx + 0.5;
      out.push({
        code: 'text_overflow',
        placeholder: t.placeholder,
        message: shrunk
          ? `text "${show(t.text)}" does not fit its box even at the template's minimum size of ${t.minPx}px`
          : `text "${show(t.text)}" overflows its box and is clipped`,
      });
    }
    const missing = coverage ? missingGlyphs(t.text, coverage) : [];
    if (missing.length > 0) {
      const named = missing.slice(0, MAX_CHARS_NAMED);
      const list = named.map((c) => `"${c}" (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`).join(', ');
      out.push({
        code: 'glyph_missing',
        placeholder: t.placeholder,
        message: `no installed font has ${list}${missing.length > named.length ? ` and ${missing.length - named.length} more` : ''}: they show as empty boxes`,
      });
    }
  }
  return out;
}

function imageWarnings(facts: LayoutFacts): RenderWarning[] {
  const out: RenderWarning[] = [];
  for (const i of facts.images) {
    if (i.src === '') {
      if (i.placeholder !== null) out.push({ code: 'image_missing', placeholder: i.placeholder, message: `image placeholder '${i.placeholder}' has no image` });
    } else if (i.naturalWidth === 0 || i.naturalHeight === 0) {
      out.push({ code: 'image_failed', placeholder: i.placeholder, message: `image ${i.src} could not be loaded or decoded` });
    } else if (i.scale > UPSCALE_LIMIT) {
      out.push({
        code: 'image_upscaled',
        placeholder: i.placeholder,
        message: `image of ${i.naturalWidth}x${i.naturalHeight} px is drawn at ${i.scale.toFixed(1)}x its natural size`,
      });
    }
  }
  return out;
}

/** The warnings of one layout: pure, so every rule is tested without a browser. */
export function warningsFromFacts(facts: LayoutFacts, coverage: Coverage | null): RenderWarning[] {
  return [...textWarnings(facts, coverage), ...imageWarnings(facts)].slice(0, MAX_WARNINGS_PER_RENDER);
}
