/**
 * What a `font-family` list draws on this platform, for the static gate (API) and the native engine (render worker)
 * alike: one source, the table `npm run fonts:table` measured from Chromium on this platform's fontconfig
 * (native-font-table.ts). A browser walks the list and takes the first family it has; fontconfig's metric aliases
 * (Arial -> Liberation Sans) count as having it, an unknown family falls through to the next, and a list with none
 * it has draws the default face.
 */
export interface FontTable {
  /** The face drawn where no family of a list is available (Chromium's standard font). */
  default: string;
  /** Lower-case family name (or generic keyword) -> the installed family Chromium draws for it. */
  families: Readonly<Record<string, string>>;
  /** Installed family -> its font files, as fontconfig lists them: what the native engine registers. */
  faces: Readonly<Record<string, readonly FontFile[]>>;
}

export interface FontFile {
  file: string;
  weight: number;
  style: 'normal' | 'italic';
}
