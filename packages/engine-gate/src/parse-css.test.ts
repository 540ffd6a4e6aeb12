import { dropStrayBraceRules, parseCss } from './parse-css';

describe('parseCss', () => {
  it('drops a stray `}` with the rule it falls into, as Chromium does, and keeps the rest', () => {
    const css = '.a { color: red; }\n  background: #000;\n}\n.b { color: blue; }\n.c { color: green; }';
    const rules: string[] = [];
    parseCss(css).walkRules((r) => void rules.push(r.selector));
    // `.b` is the next rule's block that the invalid prelude `background: #000; } .b` runs into
    expect(rules).toEqual(['.a', '.c']);
  });
  it('keeps at-rule statements before the stray text, and reads braces in strings and comments as text', () => {
    const css = '@import url("x.css");\n.a { content: "}"; }\n/* } */\nstray }\n.b { x: 1 }\n@media screen { .c { y: 2 } }';
    expect(dropStrayBraceRules(css)).toBe('@import url("x.css");\n.a { content: "}"; }\n@media screen { .c { y: 2 } }');
  });
  it('drops to the end a stray `}` no block follows', () => {
    expect(dropStrayBraceRules('.a { x: 1 }\n}  .b')).toBe('.a { x: 1 }');
  });
  it('drops a declaration that is none, as Chromium does, and keeps the rest of its block', () => {
    const css = '.t {margin:0 auto; padding:0; width:100%;!important;}\n.u { color red; font-size: 2px }\n@media screen { .v { !x; top: 1px } }';
    expect(parseCss(css).toString()).toBe('.t {margin:0 auto; padding:0; width:100%;}\n.u { font-size: 2px }\n@media screen { .v { top: 1px } }');
  });
  it('closes blocks and a comment left open at the end of the sheet', () => {
    expect(parseCss('.a { color: red } @media (max-width: 600px) { .b { top: 0 }').toString()).toBe('.a { color: red } @media (max-width: 600px) { .b { top: 0 }}');
    expect(parseCss('.a { color: red } /* to the end').nodes).toHaveLength(2);
  });
  it('parses valid CSS as postcss does, and still refuses other errors', () => {
    expect(parseCss('.a { color: red }').toString()).toBe('.a { color: red }');
    expect(() => parseCss('.a { color: "red }')).toThrow();
    // in a rule list or at the top level Chromium drops more than the word: left unparsable
    expect(() => parseCss('@media screen { stray; .a { top: 0 } }')).toThrow();
    expect(() => parseCss('stray; .a { top: 0 }')).toThrow();
    expect(() => parseCss(`.a { ${'!x; '.repeat(30)} }`)).toThrow();
  });
});
