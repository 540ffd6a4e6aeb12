/**
 * Pinned resources (docs/pinning.md): what a template version loads from elsewhere (stylesheets, their @imports,
 * @font-face sources and url()s, static <img src>, <script src> and the static imports of its modules) is fetched
 * once when the version is saved, stored once per org by sha256, and recorded on the version as this manifest.
 * Renders of the version use the stored bytes and never fetch those URLs again.
 */
export const PINNED_KINDS = ['stylesheet', 'font', 'image', 'script'] as const;
export type PinnedKind = (typeof PINNED_KINDS)[number];

/**
 * Why pinning refuses a save (the API answers 422, field `composition_html`, nothing is stored): more than
 * PIN_CAPS.MAX_RESOURCES resources, or a script whose `integrity` does not match the bytes fetched.
 */
export const PIN_REFUSAL_CODES = ['pinning_too_many', 'pinning_integrity_mismatch'] as const;
export type PinRefusalCode = (typeof PIN_REFUSAL_CODES)[number];

/** Why a resource could not be pinned: the render failure code a render of the version answers with. */
export type UnresolvedCode = 'asset_unreachable' | 'ssrf_blocked' | 'asset_too_large';

export interface PinnedResource {
  /** The absolute URL as the template (or a pinned stylesheet, resolved against its own URL) names it. */
  url: string;
  kind: PinnedKind;
  status: 'pinned' | 'unresolved';
  /** Object-store key of the bytes (`orgs/<org>/pinned/<sha256>`); null when unresolved. */
  asset_key: string | null;
  sha256: string | null;
  bytes: number | null;
  content_type: string | null;
  /** Unresolved only: the failure's code and message (naming the URL and what went wrong). */
  error: { code: UnresolvedCode; message: string } | null;
  /** A pinned stylesheet's verdict of the static gate (@rp/engine-gate, docs/pinning.md); null for anything else. */
  gate: StylesheetGate | null;
}

/** One reason a stylesheet gives the static gate, with the selector of the rule that carries it. */
export interface GateFinding {
  /** A gate reason code, e.g. `unsupported_css:float` or `font_unavailable:brand`. */
  reason: string;
  /** The rule's selector; null when the reason holds whatever the document (e.g. a stylesheet that does not parse). */
  selector: string | null;
}

/**
 * What the static gate needs of a pinned stylesheet, judged when it is pinned (the API never has its bytes): the
 * findings whose selector matches an element of the version's HTML (or that hold unconditionally). The API's gate
 * matches each selector against the document again and refuses only on a match.
 */
export interface StylesheetGate {
  findings: GateFinding[];
  /** Style rules in the sheet, and how many of those match no element of the version's HTML (figures only). */
  rules: number;
  unmatched_rules: number;
}

/**
 * The pinning fetcher's caps. A save waits for pinning, so its whole run is bounded by DEADLINE_MS; a resource
 * past a per-resource cap is recorded `unresolved`; a template that loads more than MAX_RESOURCES is refused.
 */
export const PIN_CAPS = {
  /** Distinct URLs one version may load (stylesheets, imports, fonts, images, scripts and module imports together). */
  MAX_RESOURCES: 100,
  /** Nesting of @import (a stylesheet importing one that imports ...). */
  MAX_IMPORT_DEPTH: 5,
  /** Bytes of one resource (a font family's WOFF2 files are tens of KB; a photo a few MB). */
  MAX_RESOURCE_BYTES: 10 * 1024 * 1024,
  /** Bytes of every resource of one version together. */
  MAX_TOTAL_BYTES: 40 * 1024 * 1024,
  /** One fetch, from its start to its last byte (a slow-loris server is cut off here). */
  FETCH_TIMEOUT_MS: 5_000,
  /** The whole pinning run: fetches still running then are recorded `unresolved`. */
  DEADLINE_MS: 15_000,
  /** Fetches in flight at once. */
  CONCURRENCY: 6,
  /** Redirects followed per resource, each checked by the SSRF guard again. */
  MAX_REDIRECTS: 5,
  /**
   * Bytes of stylesheet text the static gate judges per version (@rp/engine-gate judgePinnedStylesheets), in document
   * order; a stylesheet past it is not judged and sends the version to Chromium (`unsupported_css:unjudged`). Judging
   * is CPU work after the fetches, so this cap bounds it as FETCH_TIMEOUT_MS bounds a fetch.
   */
  MAX_JUDGED_CSS_BYTES: 2 * 1024 * 1024,
} as const;

/**
 * The User-Agent the fetcher sends: a current desktop Chrome's, so a fonts CSS API (Google Fonts answers by
 * user agent) serves WOFF2 with unicode-range subsets, as it does to the browser that renders the template.
 */
export const PIN_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface PinResourcesInput {
  orgId: string;
  /** The version's composition_html. */
  html: string;
}

export interface PinResourcesOutput {
  resources: PinnedResource[];
  /** How long the run took (the save's latency figure, docs/pinning.md). */
  ms: number;
}

/** The pinned bytes' key: content-addressed within the org, so a resource shared by versions is stored once. */
export const pinnedAssetKey = (orgId: string, sha256: string) => `orgs/${orgId}/pinned/${sha256}`;

/** The form a URL is recorded and looked up by (WHATWG serialisation without the fragment), or null when not http(s). */
export function pinnableUrl(raw: string, base?: string): string | null {
  let u: URL;
  try {
    u = base ? new URL(raw, base) : new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  u.hash = '';
  return u.href;
}
