/**
 * The shapes of the two tables `npm run css:tables` measures from Chromium (chromium-css-aliases.ts,
 * chromium-ua-defaults.ts): how Chromium reads a property name, and what its user-agent stylesheet gives the elements
 * templates use. The normalisation step reads them to hand the gate and the native engine CSS as Chromium reads it.
 */

/** A value an alias reads differently from its target property (Chromium's legacy parsing of the prefixed name). */
export interface AliasValueDifference {
  /** The value as written after the alias. */
  value: string;
  /** What Chromium stores under the target property for it (its serialisation in `el.style`). */
  means: string;
  /** What the target property computes to with it, where `means` is not a value the target itself accepts. */
  computed?: string;
}

/** A `-webkit-box-*` name: a property of its own (legacy box layout) or an alias of a standard one. */
export interface WebkitBoxProperty {
  real: boolean;
  /** The property Chromium stores it under, for an alias. */
  aliasOf?: string;
  /** Its computed value on a plain div, for a real property. */
  initial?: string;
}

/** Laid-out line counts of a paragraph (120px wide, 16px/20px) under each way of asking for a clamp to two lines. */
export interface LineClampFacts {
  /** Without any clamp. */
  unclamped: number;
  /** `display:-webkit-box; -webkit-box-orient:vertical; -webkit-line-clamp:2; overflow:hidden`. */
  idiom: number;
  /** The idiom without `-webkit-box-orient: vertical`. */
  idiomWithoutOrient: number;
  /** The idiom with `display: block` instead of `-webkit-box`. */
  idiomOnBlock: number;
  /** `line-clamp: 2; overflow: hidden` on a block, where Chromium parses `line-clamp` (null where it does not). */
  standardLineClamp: number | null;
}

export interface ChromiumCssAliasTable {
  /** The browser measured (`Browser.version()`). */
  chromium: string;
  /**
   * Every property name Chromium parses as itself (CSSOM stores a declaration of it under its own name), sorted: a
   * declaration of a name neither here nor among the aliases is one Chromium drops (`mso-padding-alt`, a typo).
   */
  properties: readonly string[];
  /** Property name -> the property Chromium stores it under (CSSOM serialises it under that name). */
  aliases: Readonly<Record<string, string>>;
  /** For aliases that read some values differently from their target: those values and what they mean. */
  valueDifferences: Readonly<Record<string, readonly AliasValueDifference[]>>;
  webkitBox: {
    properties: Readonly<Record<string, WebkitBoxProperty>>;
    /** `display` values of the legacy box model that Chromium parses, as getComputedStyle reports them. */
    displays: Readonly<Record<string, string>>;
    lineClamp: LineClampFacts;
  };
}

/** Per selector, CSS declarations (physical longhands, for horizontal left-to-right text). */
export type UaDeclarations = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** One list marker as Chromium lays it out and paints it, relative to its `li`'s content box (px). */
export interface ListMarkerFacts {
  listStyleType: string;
  fontSize: number;
  /** The marker's text in the layout tree ("• " for a disc, "1. " for decimal). */
  text: string;
  /** The marker box: its left edge from the li content box's left edge (negative: outside), width and height. */
  box: { x: number; y: number; width: number; height: number };
  /** The painted pixels (anti-aliased included) of a black marker on white, same origin. */
  ink: { x: number; y: number; width: number; height: number };
  /** The li's line height (its content box height with one line of text). */
  lineHeight: number;
}

/**
 * What Chromium paints for a `<button>` left to its UA style (`appearance: auto`): the native theme's button, drawn
 * over the CSS box (whose 2px outset border and padding still lay it out), not the border its computed style lists.
 */
export interface ThemedButtonFacts {
  /** The laid-out box of a button reading "Button" (px, rounded). */
  box: { width: number; height: number };
  /** The painted edge: its colour and width at the middle of the left side. */
  borderColor: string;
  borderWidth: number;
  /** The painted fill inside the edge. */
  background: string;
  /** Pixels from the top-left corner along the top side before the edge colour starts (the rounding). */
  cornerInset: number;
}

export interface ChromiumUaDefaults {
  chromium: string;
  /**
   * The user-agent declarations Chromium applies to each selector, limited to the properties that draw: as its UA
   * stylesheet writes them where that is author CSS (`1em`, `smaller`, `bolder`, `-webkit-center`), else the computed
   * value (system colours, `-internal-*` values, system fonts). Applied to a plain div/span as the lowest-priority
   * stylesheet, they reproduce Chromium's computed style at any inherited font size.
   */
  declarations: UaDeclarations;
  /** The computed values (default 16px font) that differ from a plain div's (span's, for inline elements). */
  computed: UaDeclarations;
  /** The `::marker` computed style Chromium gives list items (all list types). */
  markerStyle: Readonly<Record<string, string>>;
  markers: readonly ListMarkerFacts[];
  button: ThemedButtonFacts;
  /**
   * The HTML elements Chromium knows (measure-known-elements.ts): any other element of the HTML namespace is an
   * `HTMLUnknownElement`, or a custom element nobody defined, drawn as a plain inline box as a `<span>` is.
   */
  knownElements: readonly string[];
}
