import { nativeFontFamilyList, resolveFontFamilies, splitFontFamilies, type FontTable } from './native-fonts';

const table: FontTable = {
  default: 'Liberation Serif',
  families: { arial: 'Liberation Sans', helvetica: 'Liberation Sans', 'sans-serif': 'Liberation Sans', 'liberation sans': 'Liberation Sans', 'liberation serif': 'Liberation Serif' },
  faces: { 'Liberation Sans': [], 'Liberation Serif': [] },
};

describe('font-family resolution', () => {
  it('splits lists, quotes and commas inside quotes', () => {
    expect(splitFontFamilies(`'DejaVu  Sans', "A, B", sans-serif`)).toEqual(['DejaVu Sans', 'A, B', 'sans-serif']);
  });

  it('takes the first family the table or the document knows; unknown ones fall through, to the default at last', () => {
    expect(resolveFontFamilies('Inter, Arial, serif', new Set(), table)).toEqual({ kind: 'installed', family: 'Liberation Sans' });
    expect(resolveFontFamilies('Brand, Arial', new Set(['brand']), table)).toEqual({ kind: 'declared', family: 'Brand' });
    expect(resolveFontFamilies('Roboto, "Open Sans"', new Set(), table)).toEqual({ kind: 'installed', family: 'Liberation Serif' });
    expect(resolveFontFamilies('inherit', new Set(), table)).toEqual({ kind: 'deferred' });
    expect(resolveFontFamilies('var(--font)', new Set(), table)).toEqual({ kind: 'deferred' });
  });

  it('gives the native engine installed names only, the default last', () => {
    expect(nativeFontFamilyList('Inter, Arial, Helvetica, sans-serif', new Set(), table)).toBe("'Liberation Sans', 'Liberation Serif'");
    expect(nativeFontFamilyList('Brand, Arial', new Set(['brand']), table)).toBe("'Brand', 'Liberation Sans', 'Liberation Serif'");
    expect(nativeFontFamilyList('Roboto', new Set(), table)).toBe("'Liberation Serif'");
    expect(nativeFontFamilyList('var(--f), Arial', new Set(), table)).toBe('var(--f), Arial');
  });
});
