const KEYWORD_TIMING = new Set(['linear', 'ease', 'ease-in', 'ease-out', 'ease-in-out', 'step-start', 'step-end']);

/**
 * The key of a timing function as the measured animation table names it (`steps(4, jump-start)` ->
 * `steps-jump-start`, `cubic-bezier(…)` -> `cubic-bezier`), or null when the token is no timing function.
 */
export function timingKey(token: string): string | null {
  const t = token.toLowerCase();
  if (KEYWORD_TIMING.has(t)) return t;
  if (t.startsWith('cubic-bezier(')) return 'cubic-bezier';
  if (t.startsWith('linear(')) return 'linear-stops';
  const steps = /^steps\(\s*\d+\s*(?:,\s*([a-z-]+)\s*)?\)$/.exec(t);
  if (steps) return steps[1] ? `steps-${steps[1]}` : 'steps';
  return null;
}
