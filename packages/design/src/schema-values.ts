// The value schemas the design document's schemas share (design-schema.ts, motion-schema.ts).

export const BINDING_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
/** px: the furthest a layer's coordinates and sizes go. */
export const COORD = 100_000;
export const coord = { type: 'number', minimum: -COORD, maximum: COORD } as const;
export const extent = { type: 'number', exclusiveMinimum: 0, maximum: COORD, description: 'px, more than 0' } as const;
export const color = { type: 'string', minLength: 1, maxLength: 100, description: 'A CSS colour: #rgb(a), #rrggbb(aa), rgb(a)(), hsl(a)() or a name.' } as const;
export const binding = { type: 'string', pattern: BINDING_NAME_PATTERN, description: 'The name of the placeholder this value is bound to.' } as const;
export const opacity = { type: 'number', minimum: 0, maximum: 1 } as const;
