/** A link in a markdown file: its target as written and the line it is on. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** Text outside fenced code blocks and inline code, line by line (links there are examples, not links). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '');
  });
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const out: MarkdownLink[] = [];
  proseLines(markdown).forEach((text, i) => {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: m[1]!, line: i + 1 });
    const def = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
    if (def) out.push({ target: def[1]!, line: i + 1 });
  });
  return out;
}

/** GitHub's anchor for each heading: lower case, punctuation and symbols dropped, spaces to hyphens, -1, -2... for repeats. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}
