import { MAX_WARNINGS_PER_RENDER, pinnableUrl, type PinnedResource, type RenderWarning } from '@rp/workflow-safe';
import type { AnyNode, Element } from 'domhandler';
import { parse } from 'parse5';
import { adapter } from 'parse5-htmlparser2-tree-adapter';
import postcss from 'postcss';
import { cssUrls } from './css-urls';
import { imagesShown } from './images-shown';
import { live, select, textOf } from './static-hidden';
import { parseCss } from './parse-css';

/** Why a URL of the template cannot load, and the code a render that loads it meets. */
interface Unloadable {
  why: string;
  code: string;
}

export interface TemplateLoadInput {
  composition_html: string;
  pinned_resources: readonly PinnedResource[];
}

const show = (url: string) => (url.length > 120 ? `${url.slice(0, 117)}...` : url);
const unquote = (s: string) => s.trim().replace(/^(['"])(.*)\1$/, '$2');

/**
 * Why a URL as the template writes it cannot load in a render, or null when it can (or the save cannot tell):
 * a relative URL has no base in a template, and an http(s) URL the save could not pin is never fetched again.
 * data:, asset:// (checked by the render), `{{placeholder}}` URLs (bound per render) and fragments are not judged.
 */
function unloadable(raw: string, byUrl: ReadonlyMap<string, PinnedResource>): Unloadable | null {
  const url = raw.trim();
  if (url === '' || url.startsWith('#') || url.includes('{{') || /^(data|asset):/i.test(url)) return null;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    return { why: 'a relative URL, and a template has no base URL to resolve it against', code: 'asset_unreachable' };
  }
  const entry = byUrl.get(pinnableUrl(url) ?? '');
  if (entry?.status !== 'unresolved') return null;
  return { why: `not pinned at save: ${entry.error?.message ?? 'not fetched'}`, code: entry.error?.code ?? 'asset_unreachable' };
}

/** The template's own references: @font-face rules (family and source URLs) and every other url() and <img src>. */
function references(dom: AnyNode): { fonts: Array<{ family: string; urls: string[]; local: boolean }>; images: string[] } {
  const fonts: Array<{ family: string; urls: string[]; local: boolean }> = [];
  const images: string[] = [];
  // an image placeholder's <img> shows what a render binds, not its authored src
  const found = (query: string) => select(query, dom).filter((el) => live(el, dom));
  for (const img of found('img[src]:not([data-placeholder])')) images.push(img.attribs.src!);
  for (const el of found('[style]')) images.push(...cssUrls(el.attribs.style!).map((u) => u.url));
  for (const style of found('style')) {
    let root: postcss.Root;
    try {
      root = parseCss(textOf(style));
    } catch {
      continue;
    }
    root.walkAtRules(/^font-face$/i, (rule) => {
      let family = '';
      let src = '';
      rule.walkDecls((d) => {
        if (d.prop.toLowerCase() === 'font-family') family = unquote(d.value);
        if (d.prop.toLowerCase() === 'src') src = d.value;
      });
      if (family) fonts.push({ family, urls: cssUrls(src).map((u) => u.url), local: /local\(/i.test(src) });
    });
    root.walkDecls((d) => {
      const inFontFace = d.parent?.type === 'atrule' && /^font-face$/i.test((d.parent as postcss.AtRule).name);
      if (!inFontFace) images.push(...cssUrls(d.value).map((u) => u.url));
    });
  }
  return { fonts, images };
}

/** `what`: the @font-face rule (`@font-face "Brand"`), or the font a pinned stylesheet loads. */
function fontWarning(what: string, url: string, u: Unloadable): RenderWarning {
  const then = u.code === 'asset_unreachable' ? 'its text is drawn with the next family of its font-family list' : `renders that load it fail with ${u.code}`;
  return { code: 'font_load_failed', placeholder: null, message: `${what} cannot be loaded (${show(url)}: ${u.why}): ${then}` };
}

function imageWarning(url: string, u: Unloadable, shown: boolean | null): RenderWarning {
  const then =
    u.code !== 'asset_unreachable' ? `renders that load it fail with ${u.code}`
      : shown === null ? 'renders go on without it where it is hidden and fail with asset_unreachable where it is shown'
        : shown ? 'it is shown, so every render fails with asset_unreachable'
          : 'it is not shown, so renders go on without it';
  return { code: 'image_failed', placeholder: null, message: `image ${show(url)} cannot be loaded (${u.why}): ${then}` };
}

/**
 * What a version's save can tell about the template's own images and fonts that will not load (docs/templates.md
 * "Warnings at save"): an image that cannot load and is statically hidden (imagesShown) renders as a browser shows
 * it, without the image; one that is shown fails every render; an `@font-face` none of whose sources can load falls
 * through to the next family of every list that names it. Judged from the HTML and the manifest alone (the API has
 * no pinned stylesheet's text): resources a pinned stylesheet loads are judged by their manifest entry, and their
 * visibility is left to the render.
 */
export function templateLoadWarnings(input: TemplateLoadInput): RenderWarning[] {
  const byUrl = new Map(input.pinned_resources.map((r) => [r.url, r]));
  const document = `<!DOCTYPE html><html><head></head><body>${input.composition_html}</body></html>`;
  const dom = parse(document, { treeAdapter: adapter }) as unknown as AnyNode;
  const { fonts, images } = references(dom);
  const out: RenderWarning[] = [];
  const own = new Set<string>();
  for (const f of fonts) {
    f.urls.forEach((u) => own.add(pinnableUrl(u) ?? u));
    const failing = f.urls.map((u) => ({ u, why: unloadable(u, byUrl) }));
    if (f.local || failing.length === 0 || failing.some((x) => !x.why)) continue;
    out.push(fontWarning(`@font-face "${f.family}"`, failing[0]!.u, failing[0]!.why!));
  }
  const broken = new Map<string, Unloadable>();
  for (const raw of images) {
    own.add(pinnableUrl(raw.trim()) ?? raw.trim());
    const why = unloadable(raw, byUrl);
    if (why) broken.set(raw.trim(), why);
  }
  const shown = broken.size ? imagesShown(document, [...broken.keys()]) : new Map<string, boolean>();
  for (const [url, why] of broken) out.push(imageWarning(url, why, shown.get(url) ?? true));
  for (const r of input.pinned_resources) {
    if (r.status !== 'unresolved' || own.has(r.url) || (r.kind !== 'font' && r.kind !== 'image')) continue;
    const why = { why: `a pinned stylesheet loads it and it was not pinned: ${r.error?.message ?? 'not fetched'}`, code: r.error?.code ?? 'asset_unreachable' };
    out.push(r.kind === 'font' ? fontWarning('a font a pinned stylesheet loads', r.url, why) : imageWarning(r.url, why, null));
  }
  return out.slice(0, MAX_WARNINGS_PER_RENDER);
}
