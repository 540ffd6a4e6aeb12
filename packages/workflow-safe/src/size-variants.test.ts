import { checkVariantDeclarations, resolveRequestedVariants } from './size-variants';

const declared = [
  { name: 'square', width: 1080, height: 1080 },
  { name: 'story', width: 1080, height: 1920, format: 'jpeg' },
];

describe('size variants', () => {
  it('accepts well-formed declarations and names each bad field', () => {
    expect(checkVariantDeclarations('image', { variants: declared })).toEqual([]);
    expect(checkVariantDeclarations('image', {})).toEqual([]);
    expect(checkVariantDeclarations('video', { variants: declared })).toEqual([{ field: 'canvas_data.variants', message: 'size variants are for image templates' }]);
    const bad = checkVariantDeclarations('image', { variants: [{ name: 'Square', width: 0, height: 10, format: 'gif' }, { name: 'a', width: 1, height: 1 }, { name: 'a', width: 1, height: 1, x: 1 }] });
    expect(bad.map((p) => p.field)).toEqual([
      'canvas_data.variants[0].name',
      'canvas_data.variants[0].width',
      'canvas_data.variants[0].format',
      'canvas_data.variants[2].name',
      'canvas_data.variants[2].x',
    ]);
  });

  it('resolves a request in its order and names unknown or repeated variants', () => {
    expect(resolveRequestedVariants(declared, ['story', 'square']).variants.map((v) => v.name)).toEqual(['story', 'square']);
    expect(resolveRequestedVariants(declared, ['square', 'banner', 'square']).problems.map((p) => p.field)).toEqual(['variants[1]', 'variants[2]']);
  });
});
