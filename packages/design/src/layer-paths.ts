import type { Layer } from './design-types';

/** Every layer of a tree with its field path (`canvas_data.layers[2].children[0]`), parents before children. */
export function declaredLayerPaths(layers: Layer[], base: string): Array<{ layer: Layer; field: string }> {
  return layers.flatMap((layer, i) => {
    const field = `${base}[${i}]`;
    return [{ layer, field }, ...(layer.type === 'group' ? declaredLayerPaths(layer.children, `${field}.children`) : [])];
  });
}
