import { MIN_NATIVE_CHUNK_FRAMES, nativeChunkFrames, planChunks, planWeightedChunks, totalFramesFor } from './plan-chunks';

describe('planChunks', () => {
  it('splits into consecutive chunks, last one shorter', () => {
    expect(planChunks(10, 4)).toEqual([
      { index: 0, startFrame: 0, endFrame: 4 },
      { index: 1, startFrame: 4, endFrame: 8 },
      { index: 2, startFrame: 8, endFrame: 10 },
    ]);
  });

  it('never produces an empty chunk when frames divide evenly', () => {
    expect(planChunks(150, 50).map((c) => c.endFrame - c.startFrame)).toEqual([50, 50, 50]);
  });

  it('one chunk when chunkFrames >= totalFrames', () => {
    expect(planChunks(3, 150)).toEqual([{ index: 0, startFrame: 0, endFrame: 3 }]);
  });

  it('covers every frame exactly once', () => {
    for (const [total, size] of [[1, 1], [7, 3], [301, 150], [150, 1]]) {
      const chunks = planChunks(total, size);
      expect(chunks[0].startFrame).toBe(0);
      expect(chunks.at(-1)!.endFrame).toBe(total);
      chunks.forEach((c, i) => {
        expect(c.index).toBe(i);
        expect(c.endFrame).toBeGreaterThan(c.startFrame);
        if (i > 0) expect(c.startFrame).toBe(chunks[i - 1].endFrame);
      });
    }
  });

  it('rejects invalid input', () => {
    expect(() => planChunks(0, 10)).toThrow();
    expect(() => planChunks(10, 0)).toThrow();
    expect(() => planChunks(10.5, 3)).toThrow();
  });
});

describe('totalFramesFor', () => {
  it('rounds duration x fps', () => {
    expect(totalFramesFor(5, 30)).toBe(150);
    expect(totalFramesFor(2.5, 29.97)).toBe(75);
    expect(totalFramesFor(1.01, 24)).toBe(24);
    expect(totalFramesFor(0.01, 30)).toBe(1);
  });
});

describe('nativeChunkFrames', () => {
  it('splits a short video between the engine processes', () => {
    expect(nativeChunkFrames(150, 150, 2)).toBe(75);
    expect(planChunks(150, nativeChunkFrames(150, 150, 2)).map((c) => c.endFrame - c.startFrame)).toEqual([75, 75]);
  });

  it('keeps VIDEO_CHUNK_FRAMES as the upper bound for long videos', () => {
    expect(nativeChunkFrames(1800, 150, 2)).toBe(150);
  });

  it('never goes below the minimum chunk: a very short video stays one chunk', () => {
    expect(nativeChunkFrames(40, 150, 4)).toBe(MIN_NATIVE_CHUNK_FRAMES);
    expect(planChunks(10, nativeChunkFrames(10, 150, 2))).toEqual([{ index: 0, startFrame: 0, endFrame: 10 }]);
  });

  it('a VIDEO_CHUNK_FRAMES below the minimum still wins (tests use small chunks)', () => {
    expect(nativeChunkFrames(120, 20, 2)).toBe(20);
  });
});

describe('planWeightedChunks', () => {
  const frames = (plan: ReturnType<typeof planWeightedChunks>) => plan.map((c) => [c.startFrame, c.endFrame]);

  it('cuts where the summed weight is shared evenly, not the frame count', () => {
    // 50 frames of weight 1, then 100 of weight 0.5: 100 in all, 50 a chunk
    const weights = [...Array(50).fill(1), ...Array(100).fill(0.5)];
    expect(frames(planWeightedChunks(weights, 2))).toEqual([[0, 50], [50, 150]]);
  });

  it('gives equal weights equal chunks, consecutive and covering every frame', () => {
    expect(frames(planWeightedChunks(Array(150).fill(1), 2))).toEqual([[0, 75], [75, 150]]);
    expect(frames(planWeightedChunks(Array(90).fill(1), 3))).toEqual([[0, 30], [30, 60], [60, 90]]);
  });

  it('keeps every chunk at least minFrames long, and makes fewer chunks of a short video', () => {
    const heavyStart = [...Array(10).fill(10), ...Array(140).fill(0.1)];
    const plan = planWeightedChunks(heavyStart, 2);
    expect(plan[0]!.endFrame - plan[0]!.startFrame).toBe(MIN_NATIVE_CHUNK_FRAMES);
    expect(plan.at(-1)!.endFrame).toBe(150);
    expect(frames(planWeightedChunks(Array(40).fill(1), 2))).toEqual([[0, 40]]);
  });
});
