import { cssMathFunction, hasCssMath, resolveCssMath } from './css-math';

const canvas = { width: 1200, height: 630 };

describe('resolveCssMath', () => {
  it.each([
    ['clamp(100px, 10vw, 500px)', '120px'],
    ['clamp(200px, 10vw, 100px)', '200px'],
    ['min(300px, 50vw)', '300px'],
    ['max(1in, 10vh)', '96px'],
    ['min(12pt, 1pc)', '16px'],
    ['0 auto max(8px, 2vmin) min(1px,2px)', '0 auto 12.6px 1px'],
    ['clamp(24px, 2vw + 16px, 64px)', '40px'],
    ['min(calc(10px * 3), (5px + 5px) * 4)', '30px'],
    ['calc(100% - min(10px, 2vw))', 'calc(100% - 10px)'],
    ['min(1.5, 2) ', '1.5 '],
    ['minmax(0, 1fr) max(10px, 20px)', 'minmax(0, 1fr) 20px'],
    ['1px solid red', '1px solid red'],
  ])('%s on a 1200x630 canvas is %s', (value, resolved) => {
    expect(resolveCssMath(value, canvas)).toBe(resolved);
  });

  it.each([
    'min(100%, 300px)',
    'clamp(1rem, 2.5vw, 2rem)',
    'max(2em, 10px)',
    'min(var(--w), 10px)',
    'min(10px, 2)',
    'max(10px * 2px)',
    'clamp(1px, 2px)',
    'min(10px',
    'min(10px / 0)',
  ])('%s needs layout or is not valid: null', (value) => {
    expect(resolveCssMath(value, canvas)).toBeNull();
  });

  it('computes rem at the size the document gives it, and needs the cascade without one', () => {
    expect(resolveCssMath('max(16px, 1rem)', { ...canvas, rem: 16 })).toBe('16px');
    expect(resolveCssMath('clamp(1rem, 2.5vw, 2rem)', { ...canvas, rem: 16 })).toBe('30px');
    expect(resolveCssMath('min(2rem, 10px)', { ...canvas, rem: 20 })).toBe('10px');
    expect(resolveCssMath('max(16px, 1rem)', canvas)).toBeNull();
  });

  it('names the function, and does not take minmax() for one', () => {
    expect(hasCssMath('repeat(2, minmax(200px, 1fr))')).toBe(false);
    expect(cssMathFunction('calc(1px + clamp(1px, 2px, 3px))')).toBe('clamp');
    expect(cssMathFunction('10px')).toBeNull();
  });
});
