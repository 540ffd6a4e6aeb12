import { useRef, useState } from 'preact/hooks';

const LIMIT = 200;

/**
 * Undo and redo over immutable snapshots. `set(next)` records the present for undo; a gesture (a drag) calls
 * `preview(next)` on every move, which records nothing, and `commit(start)` once at its end, which records the state
 * the gesture started from: one undo step per drag.
 */
export function useHistory<T>(initial: T) {
  const [present, setPresent] = useState(initial);
  const past = useRef<T[]>([]);
  const future = useRef<T[]>([]);
  const current = useRef(initial);
  const put = (next: T) => {
    current.current = next;
    setPresent(next);
  };
  const record = (snapshot: T) => {
    past.current = [...past.current.slice(-LIMIT + 1), snapshot];
    future.current = [];
  };
  return {
    present,
    /** The latest state, also inside handlers created before the last render. */
    now: () => current.current,
    set: (next: T) => {
      if (next === current.current) return;
      record(current.current);
      put(next);
    },
    preview: put,
    commit: (start: T) => {
      if (start !== current.current) record(start);
    },
    /** Replaces the state and forgets the history (a template loaded). */
    reset: (next: T) => {
      past.current = [];
      future.current = [];
      put(next);
    },
    undo: () => {
      const prev = past.current.pop();
      if (prev === undefined) return;
      future.current.push(current.current);
      put(prev);
    },
    redo: () => {
      const next = future.current.pop();
      if (next === undefined) return;
      past.current.push(current.current);
      put(next);
    },
    canUndo: past.current.length > 0,
    canRedo: future.current.length > 0,
  };
}

export type History<T> = ReturnType<typeof useHistory<T>>;
