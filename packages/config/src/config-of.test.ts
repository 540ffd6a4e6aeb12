import { loadConfig, type ConfigOf } from './index';

// The derived type is checked by `npm run typecheck` (the @ts-expect-error lines fail it when a rule breaks); the
// test checks that what loadConfig answers has that shape.
const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, default: 8080 },
    MODE: { type: 'string', enum: ['a', 'b'], default: 'a' },
    SWITCH: { type: 'integer', enum: [0, 1], default: 0 },
    SECRET: { type: 'string', minLength: 3 },
    NOTE: { type: 'string' },
  },
  required: ['SECRET'],
} as const;

type Config = ConfigOf<typeof schema>;

describe('ConfigOf', () => {
  test('defaults and required variables are present, enums are their members, the rest optional', () => {
    const config: Config = loadConfig<Config>(schema, { SECRET: 'abc', SWITCH: '1' });
    expect(config).toEqual({ PORT: 8080, MODE: 'a', SWITCH: 1, SECRET: 'abc' });
    const port: number = config.PORT;
    const mode: 'a' | 'b' = config.MODE;
    const flag: 0 | 1 = config.SWITCH;
    const note: string | undefined = config.NOTE;
    expect([port, mode, flag, note]).toEqual([8080, 'a', 1, undefined]);
    // @ts-expect-error a value outside the enum
    const wrong: Config = { ...config, MODE: 'c' };
    // @ts-expect-error a required variable missing
    const missing: Config = { PORT: 1, MODE: 'a', SWITCH: 0 };
    expect([wrong, missing]).toHaveLength(2);
  });
});
