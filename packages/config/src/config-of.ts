/**
 * Config types derived from the env schemas, so a schema and its type cannot drift apart.
 *
 * Why a mapped type of our own: ajv's `JSONSchemaType<T>` goes the other way (a hand-written type checks the schema,
 * so the type stays the source), and json-schema-to-ts's `FromSchema` covers the whole of JSON Schema at the price of
 * a dependency and deep type instantiation. Env schemas are flat maps of scalars whose values `loadConfig` coerces and
 * defaults, so three rules derive them exactly: an `enum` is its members, `integer` and `number` are numbers, anything
 * else a string; a variable with a `default`, or listed in `required`, is always present, any other may be absent.
 */
type ValueOf<P> = P extends { enum: readonly (infer E)[] } ? E : P extends { type: 'integer' | 'number' } ? number : string;

type Properties = Record<string, object>;

type Present<P extends Properties, Required> = {
  [K in keyof P]: P[K] extends { default: unknown } ? K : K extends Required ? K : never;
}[keyof P];

type Flat<T> = { [K in keyof T]: T[K] };

/** The config `loadConfig` answers for a service's schema (`as const`). */
export type ConfigOf<S extends { properties: Properties; required?: readonly string[] }> = Flat<
  { [K in Present<S['properties'], NonNullable<S['required']>[number]>]: ValueOf<S['properties'][K]> } & {
    [K in Exclude<keyof S['properties'], Present<S['properties'], NonNullable<S['required']>[number]>>]?: ValueOf<S['properties'][K]>;
  }
>;

/**
 * The config of a shared fragment (`commonEnv`, `storageEnv`, ...) as the functions that take it see it: every
 * variable present, since each service schema that includes a fragment requires its variables without a default.
 */
export type FragmentConfig<P extends Properties> = { [K in keyof P]: ValueOf<P[K]> };
