/** The CSS name of a takumi style key (`backgroundColor` -> `background-color`, `WebkitMask` -> `-webkit-mask`). */
export const cssPropertyName = (key: string): string =>
  key.startsWith('--') ? key : key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^(webkit|moz|ms)-/, '-$1-');
