import type { Node } from '@takumi-rs/core';
import { dropDeclaration, MAX_REJECTED_DECLARATIONS, rejectedDeclaration, withRejectedDeclarationsDropped } from './drop-rejected-declarations';

// takumi's own messages, as the engine process gets them (native-engine.browser.test.ts draws them for real)
const refusal = (prop: string, literal: string) =>
  new Error(`InvalidArg, invalid value for ${prop}, line 1, column 1 near "x": string ${literal}; Unexpected token: x, expected a value of <number>`);

const tree = (): Node =>
  ({
    type: 'container',
    style: { fontWeight: 'light', color: 'red' },
    children: [
      { type: 'text', text: 'a', style: { fontWeight: 'light' } },
      { type: 'text', text: 'b', style: { fontWeight: 'lighter' } },
      { type: 'container', children: [{ type: 'text', text: 'c', style: { fontWeight: ' light ' } }] },
    ],
  }) as Node;

describe('rejectedDeclaration', () => {
  it('reads the property and the value from takumi refusal, a quoted value unescaped', () => {
    expect(rejectedDeclaration(refusal('fontWeight', '"light"'))).toEqual({ property: 'fontWeight', value: 'light' });
    expect(rejectedDeclaration(refusal('fontWeight', '"\\"x\\""'))).toEqual({ property: 'fontWeight', value: '"x"' });
    expect(rejectedDeclaration(refusal('margin', '"0 auto auto auto auto"'))).toEqual({ property: 'margin', value: '0 auto auto auto auto' });
  });
  it('is undefined for any other failure', () => {
    expect(rejectedDeclaration(new Error('render_timeout'))).toBeUndefined();
    expect(rejectedDeclaration('InvalidArg, something else')).toBeUndefined();
  });
});

describe('dropDeclaration', () => {
  it('removes the declaration from every element that has it, and nothing else', () => {
    const root = tree();
    expect(dropDeclaration(root, 'fontWeight', 'light')).toBe(3);
    expect(JSON.stringify(root)).not.toContain('"light"');
    expect(root.style).toEqual({ color: 'red' });
    expect(JSON.stringify(root)).toContain('lighter');
    expect(dropDeclaration(root, 'fontWeight', 'light')).toBe(0);
  });
});

describe('withRejectedDeclarationsDropped', () => {
  it('runs once when nothing is refused', async () => {
    const attempt = jest.fn(async () => 'drawn');
    expect(await withRejectedDeclarationsDropped(tree(), attempt)).toEqual({ result: 'drawn', dropped: [] });
    expect(attempt).toHaveBeenCalledTimes(1);
  });
  it('drops each refused declaration and tries again', async () => {
    const root = tree();
    const refusals = [refusal('fontWeight', '"light"'), refusal('color', '"red"')];
    const attempt = jest.fn(async () => {
      const next = refusals.shift();
      if (next) throw next;
      return 'drawn';
    });
    expect(await withRejectedDeclarationsDropped(root, attempt)).toEqual({ result: 'drawn', dropped: ['fontWeight: light', 'color: red'] });
    expect(root.style).toEqual({});
  });
  it('fails as takumi did when the value is not in any style (a stylesheet or a preset), or for any other error', async () => {
    const elsewhere = refusal('width', '"abc"');
    await expect(withRejectedDeclarationsDropped(tree(), async () => Promise.reject(elsewhere))).rejects.toBe(elsewhere);
    const other = new Error('out of memory');
    await expect(withRejectedDeclarationsDropped(tree(), async () => Promise.reject(other))).rejects.toBe(other);
  });
  it(`stops after ${MAX_REJECTED_DECLARATIONS} declarations`, async () => {
    const root = { type: 'container', children: Array.from({ length: 30 }, (_, i) => ({ type: 'text', text: 'x', style: { [`p${i}`]: 'bad' } })) } as Node;
    let n = 0;
    const attempt = async () => Promise.reject(refusal(`p${n++}`, '"bad"'));
    await expect(withRejectedDeclarationsDropped(root, attempt)).rejects.toThrow(`p${MAX_REJECTED_DECLARATIONS}`);
  });
});
