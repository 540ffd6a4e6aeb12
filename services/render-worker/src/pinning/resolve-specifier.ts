/**
 * An import map's `imports` (`<script type="importmap">`), as a browser applies it: keys normalised (absolute URLs
 * serialised, bare names kept), longest key first so the most specific prefix wins. A template has no base URL, so
 * relative keys and values are dropped, as they cannot name anything.
 */
export type ImportMap = ReadonlyArray<readonly [key: string, value: string]>;

const asUrl = (raw: string, base?: string): string | null => {
  try {
    return new URL(raw, base).href;
  } catch {
    return null;
  }
};

/** A specifier that is a URL (`/x`, `./x`, `../x` against `base`, or absolute), or null for a bare name (`lit`). */
function urlLike(specifier: string, base: string | undefined): string | null {
  if (/^(\/|\.\/|\.\.\/)/.test(specifier)) return base ? asUrl(specifier, base) : null;
  return asUrl(specifier);
}

/**
 * The `imports` of every import map of a document, the first map's entry winning where two give the same key (as
 * Chromium merges several maps). Text that is not JSON, or entries that are not strings, are ignored, as there.
 */
export function parseImportMaps(texts: string[]): ImportMap {
  const entries = new Map<string, string>();
  for (const text of texts) {
    let imports: unknown;
    try {
      imports = (JSON.parse(text) as { imports?: unknown })?.imports;
    } catch {
      continue;
    }
    if (!imports || typeof imports !== 'object') continue;
    for (const [rawKey, rawValue] of Object.entries(imports)) {
      const key = urlLike(rawKey, undefined) ?? (/^(\/|\.\/|\.\.\/)/.test(rawKey) ? null : rawKey);
      const value = typeof rawValue === 'string' ? asUrl(rawValue) : null;
      if (!key || !value || entries.has(key) || (key.endsWith('/') && !value.endsWith('/'))) continue;
      entries.set(key, value);
    }
  }
  return [...entries].sort((a, b) => b[0].length - a[0].length);
}

/**
 * The URL a module specifier loads, as the browser resolves it (HTML "resolve a module specifier"): through the
 * import map (an exact key, or the longest key ending in `/` that prefixes it), else as a URL against `base` (the
 * importing module's URL; none for a template's inline module). Null when it names nothing: a bare name the map
 * does not give, or a relative one without a base. The browser fails such an import, and nothing is fetched.
 */
export function resolveSpecifier(specifier: string, base: string | undefined, map: ImportMap): string | null {
  const url = urlLike(specifier, base);
  const normalised = url ?? specifier;
  for (const [key, value] of map) {
    if (key === normalised) return value;
    if (key.endsWith('/') && normalised.startsWith(key)) return asUrl(normalised.slice(key.length), value);
  }
  return url;
}
