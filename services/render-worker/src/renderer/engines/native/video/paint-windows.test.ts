import type { Node } from '@takumi-rs/core';
import { paintChanges, paintWindows, unknownChanges } from './paint-windows';

const tree = (style: Record<string, string> = {}): Node =>
  ({ type: 'container', style: {}, children: [{ type: 'container', style } as Node] }) as Node;
const KEYFRAMES = '@keyframes fill{from{transform:scaleX(0)}to{transform:scaleX(1)}} @keyframes fade{from{opacity:0}to{opacity:1}}';

describe('paintWindows', () => {
  it('leaves out animations that only move boxes, and bounds the others by delay, duration and iterations', () => {
    const css = `${KEYFRAMES} .bar{animation:fill 5s linear both} .sub{animation:fade 1s ease-in 0.6s 2 both}`;
    expect(paintWindows(tree(), [css], 5000)).toEqual([[600, 2600, 'fade']]);
  });

  it('names the keyframes only of an animation alone in its declaration, and with no important transform', () => {
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{animation:fade 1s,fill 2s}`], 2000)).toEqual([[0, 1000]]);
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{animation:fade 1s} .b{transform:none!important}`], 1000)).toEqual([[0, 1000]]);
    expect(paintWindows(tree({ animation: 'fade 1s', transform: 'scale(2) !important' }), [KEYFRAMES], 1000)).toEqual([[0, 1000]]);
  });

  it('reads inline animations, and counts transitions and longhands over the whole bound', () => {
    expect(paintWindows(tree({ animation: 'fade 1s' }), [KEYFRAMES], 1000)).toEqual([[0, 1000, 'fade']]);
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{transition:transform .3s}`], 300)).toEqual([[-Infinity, 300]]);
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{animation-name:fill;animation-duration:2s}`], 2000)).toEqual([[-Infinity, 2000], [-Infinity, 2000]]);
  });

  it('counts an animation whose keyframes are not in the document, or not read, as one that may paint', () => {
    expect(paintWindows(tree(), ['.a{animation:elsewhere 1s}'], 1000)).toEqual([[-Infinity, Infinity]]);
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{animation:"fill" 1s linear}`], 1000)).toEqual([[-Infinity, Infinity]]);
    expect(paintWindows(tree(), [`${KEYFRAMES} .a{animation:none} .b{animation:fill 2s cubic-bezier(.2,.9,.3,1.4) 1s 2 both}`], 5000)).toEqual([]);
  });

  it('reads @-webkit-keyframes as @keyframes, and an @-moz-keyframes Chromium drops as keyframes not in the document', () => {
    const fade = (at: string) => `@${at} fade{from{opacity:0}to{opacity:1}} .a{animation:fade 1s linear 200ms}`;
    expect(paintWindows(tree(), [fade('-webkit-keyframes')], 1200)).toEqual([[200, 1200, 'fade']]);
    expect(paintWindows(tree(), [fade('keyframes')], 1200)).toEqual([[200, 1200, 'fade']]);
    expect(paintWindows(tree(), [fade('-moz-keyframes')], 1200)).toEqual([[-Infinity, Infinity]]);
    expect(paintWindows(tree(), ['@-webkit-keyframes fill{from{transform:scaleX(0)}to{transform:scaleX(1)}} .a{animation:fill 2s}'], 2000)).toEqual([]);
  });

  it('is null when the motion is unbounded or a sheet cannot be read', () => {
    expect(paintWindows(tree(), [KEYFRAMES], Infinity)).toBeNull();
    expect(paintWindows(tree(), [{ '.a': { opacity: 0 } } as never], 1000)).toBeNull();
  });
});

describe('paintChanges', () => {
  it('is true when the interval (from, to] meets a window', () => {
    expect(paintChanges([[600, 1600]], 566, 600)).toBe(true);
    expect(paintChanges([[600, 1600]], 1600, 1633)).toBe(false);
    expect(paintChanges([[600, 1600]], 1566, 1600)).toBe(true);
    expect(paintChanges([], 0, 33)).toBe(false);
  });

  it('unknownChanges counts only windows without keyframes', () => {
    expect(unknownChanges([[600, 1600, 'fade']], 566, 600)).toBe(false);
    expect(unknownChanges([[600, 1600, 'fade'], [-Infinity, 1000]], 566, 600)).toBe(true);
  });
});
