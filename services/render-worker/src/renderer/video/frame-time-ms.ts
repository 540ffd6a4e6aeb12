/** Virtual time of frame i. Computed from i (never accumulated) so every chunk, of either engine, lands on the same instants. */
export const frameTimeMs = (i: number, fps: number): number => (i * 1000) / fps;
