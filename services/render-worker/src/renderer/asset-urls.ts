/**
 * `asset://<uuid>` references are rewritten to an https URL on a reserved `.invalid` host before the page loads:
 * Chromium does not route unknown schemes through request interception, but it does route https, and a
 * `.invalid` name can never resolve to a real server if a request ever escaped interception.
 */
const ASSET_ORIGIN = 'https://assets.render.invalid';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ASSET_REF = new RegExp(`asset://(${UUID})`, 'gi');
const ASSET_URL = new RegExp(`^${ASSET_ORIGIN.replace(/\./g, '\\.')}/(${UUID})(?:[?#].*)?$`, 'i');

export const assetUrls = {
  origin: ASSET_ORIGIN,
  /** Matches a whole `asset://<uuid>` value. */
  isAssetRef: (s: string) => new RegExp(`^asset://${UUID}$`, 'i').test(s),
  /** Rewrites every `asset://<uuid>` inside a string (template HTML, CSS, an image URL). */
  rewrite: (s: string) => s.replace(ASSET_REF, (_m, id: string) => `${ASSET_ORIGIN}/${id.toLowerCase()}`),
  /** Asset id of a rewritten URL, or null when the URL is not an asset URL. */
  parse: (url: string): string | null => ASSET_URL.exec(url)?.[1]?.toLowerCase() ?? null,
};
