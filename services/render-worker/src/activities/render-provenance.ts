import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import { canonicalJson, type PinnedResource } from '@rp/workflow-safe';

/** The font packages whose glyphs every render may use (setup.sh installs them). */
export const FONT_PACKAGES = ['fonts-dejavu-core', 'fonts-liberation', 'fonts-noto-color-emoji'] as const;

/** What made one render; equal provenance (equal `fingerprint`) means the render was made the same way. */
export interface Provenance {
  template_id: string;
  template_version: number;
  /** sha256 of the bound document the engine laid out (template HTML with every value bound). */
  document_sha256: string;
  engine: string;
  engine_version: string;
  chromium_version: string | null;
  ffmpeg_version?: string | null;
  /** dpkg versions of FONT_PACKAGES; null for a package not installed. */
  fonts: Record<string, string | null>;
  /** Every asset the render fetched, sorted by URL. */
  assets: Array<{ url: string; sha256: string }>;
  /**
   * The version's pinned resources (docs/pinning.md), sorted by URL: the sha256 of what the render used, or null
   * for one recorded `unresolved`. Absent for a version that pinned nothing.
   */
  pinned?: Array<{ url: string; sha256: string | null }>;
  /** sha256 of the canonical JSON of every field above: compare this one value. */
  fingerprint: string;
}

const run = (cmd: string, args: string[]) =>
  new Promise<string>((resolve, reject) => execFile(cmd, args, { timeout: 10_000 }, (err, out) => (err && !out ? reject(err) : resolve(out))));

/** `dpkg-query -W` output (`name version` a line) -> versions of the font packages; pure for tests. */
export function parseDpkgVersions(text: string): Record<string, string | null> {
  const found = new Map(
    text
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 2 && p[1] !== '')
      .map((p) => [p[0]!, p[1]!] as const),
  );
  return Object.fromEntries(FONT_PACKAGES.map((p) => [p, found.get(p) ?? null]));
}

let fonts: Promise<Record<string, string | null>> | null = null;
/** Read once per process: packages do not change under a running worker. */
export function fontPackageVersions(): Promise<Record<string, string | null>> {
  // dpkg-query exits 1 when a package is missing but still prints the others
  fonts ??= run('dpkg-query', ['-W', '-f=${Package} ${Version}\\n', ...FONT_PACKAGES])
    .then(parseDpkgVersions)
    .catch(() => parseDpkgVersions(''));
  return fonts;
}

let ffmpeg: Promise<string | null> | null = null;
/** `ffmpeg -version`'s version word, once per process. */
export function ffmpegVersion(path = 'ffmpeg'): Promise<string | null> {
  ffmpeg ??= run(path, ['-version'])
    .then((out) => /^ffmpeg version (\S+)/.exec(out)?.[1] ?? null)
    .catch(() => null);
  return ffmpeg;
}

export const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Provenance from its parts; the fingerprint covers everything else, so two values compare by one string. */
export function buildProvenance(parts: Omit<Provenance, 'fingerprint'>): Provenance {
  return { ...parts, fingerprint: sha256(canonicalJson(parts)) };
}

/** The provenance field of a version's pinned resources; nothing for a version that pinned none (its fingerprint is unchanged). */
export function pinnedProvenance(manifest: PinnedResource[] | null | undefined): Pick<Provenance, 'pinned'> {
  if (!manifest?.length) return {};
  const pinned = manifest.map((r) => ({ url: r.url, sha256: r.sha256 })).sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { pinned };
}

/** The engine that drew a video's frames: Chromium (its version read from a browser) or the native engine. */
export type VideoEngineVersion = { name: 'chromium'; version: Promise<string | null> } | { name: 'native'; version: string };

/**
 * Provenance of a video: the same fields, with the engine that drew its frames and the ffmpeg that encoded them; its
 * chunks fetch their assets on whichever workers draw them, so none are listed.
 */
export async function videoProvenance(
  parts: { template_id: string; template_version: number; document: string; ffmpegPath: string; pinned?: PinnedResource[] },
  engine: VideoEngineVersion,
): Promise<Provenance> {
  const chromiumVersion = engine.name === 'chromium' ? engine.version.catch(() => null) : Promise.resolve(null);
  const [chromium, fonts, ffmpeg] = await Promise.all([chromiumVersion, fontPackageVersions(), ffmpegVersion(parts.ffmpegPath)]);
  const engineVersion = engine.name === 'native' ? engine.version : chromium ? `chromium ${chromium}` : 'chromium';
  return buildProvenance({
    template_id: parts.template_id,
    template_version: parts.template_version,
    document_sha256: sha256(parts.document),
    engine: engine.name,
    engine_version: engineVersion,
    chromium_version: chromium,
    ffmpeg_version: ffmpeg,
    fonts,
    assets: [],
    ...pinnedProvenance(parts.pinned),
  });
}
