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
  it('parses valid CSS as postcss does, and still refuses other errors', () => {
    expect(parseCss('.a { color: red }').toString()).toBe('.a { color: red }');
    expect(() => parseCss('.a { color: red')).toThrow();
    expect(() => parseCss('.a { color: "red }')).toThrow();
  });
});
