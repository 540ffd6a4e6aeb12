import { NATIVE_ANIMATION_TABLE, type AnimationTable } from '@rp/workflow-safe/lists';
import type { Layer } from './design-types';
import { boxAnimations } from './box-motion';
import { letterAnimations, letterSpec, type LetterSpec } from './letter-motion';
import { unsupportedKey, withMultiple, type PlannedAnimation, type TableKey } from './motion-css';

/** A part of a layer's motion the measured table does not hold: its field (relative to the layer) and the entry. */
export interface RefusedMotion {
  field: string;
  key: TableKey;
}

/** What the compiler writes for a layer's motion, and what it leaves out. */
export interface LayerMotion {
  /** The layer element's animations, in the order of its `animation` list. */
  box: PlannedAnimation[];
  /** The letter presets, when the table holds every part of them. */
  letters: LetterSpec | null;
  /** The keyframes rules both use. */
  keyframes: string[];
  refused: RefusedMotion[];
}

/**
 * Keeps the animations of one element whose every key the table passed; when the table does not hold several
 * animations on one element, only the first. The others are refused with the key that failed.
 */
function keepSupported(all: PlannedAnimation[], table: AnimationTable, refused: RefusedMotion[]): PlannedAnimation[] {
  const kept = all.filter((a) => {
    const key = unsupportedKey(a.keys, table);
    if (key) refused.push({ field: a.field, key });
    return !key;
  });
  return withMultiple(kept).filter((a, i) => {
    const key = i === 0 ? null : unsupportedKey(a.keys, table);
    if (key) refused.push({ field: a.field, key });
    return !key;
  });
}

/**
 * A layer's motion, built only from what the measured animation table (@rp/workflow-safe NATIVE_ANIMATION_TABLE,
 * what the native engine draws as Chromium does) holds: every property, timing function and way of running an
 * animation the compiler would write is looked up in it, and a part that needs an entry the table did not pass is
 * left out and listed in `refused` (the API refuses such a document at save; the studio's unchecked draft is drawn
 * without it). So a designed video's CSS passes the video gate by construction.
 */
export function layerMotion(l: Layer, table: AnimationTable = NATIVE_ANIMATION_TABLE): LayerMotion {
  const refused: RefusedMotion[] = [];
  const box = keepSupported(boxAnimations(l), table, refused);
  let letters = letterSpec(l);
  let letterRules: PlannedAnimation[] = [];
  if (letters) {
    const planned = letterAnimations(letters);
    const failed = planned.map((a) => ({ field: a.field, key: unsupportedKey(a.keys, table) })).filter((r): r is RefusedMotion => r.key !== null);
    refused.push(...failed);
    if (failed.length) letters = null;
    else letterRules = planned;
  }
  return { box, letters, keyframes: [...box, ...letterRules].map((a) => a.keyframes), refused };
}
