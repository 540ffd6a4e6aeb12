import { designPlaceholders } from './design-placeholders';
import type { Layer } from './design-types';

const at = { x: 0, y: 0, width: 10, height: 10 };

describe('designPlaceholders', () => {
  it('follow from the bindings of the visible layers, first binding first, the layer value as default', () => {
    const layers = [
      { id: 'bg', type: 'rect', ...at, fill: '#102030', bindings: { fill: 'accent' } },
      { id: 'g', type: 'group', ...at, children: [{ id: 'p', type: 'image', ...at, src: null, bindings: { src: 'photo' } }] },
      { id: 'n', type: 'text', ...at, text: 'Anna', color: '#fff', bindings: { text: 'name', color: 'ink' } },
      { id: 'n2', type: 'text', ...at, text: 'Other', bindings: { text: 'name' } },
      { id: 'h', type: 'text', ...at, text: 'hidden', visible: false, bindings: { text: 'gone' } },
      { id: 'gr', type: 'rect', ...at, fill: { type: 'linear', angle: 0, stops: [] }, bindings: { fill: 'grad' } },
      { id: 'q', type: 'qr', ...at, value: 'https://example.test/t/1', bindings: { value: 'url' } },
    ] as Layer[];
    expect(designPlaceholders(layers)).toEqual([
      { name: 'accent', type: 'color', default: '#102030'},
      { name: 'photo', type: 'image', default: null},
      { name: 'name', type: 'text', default: 'Anna'},
      { name: 'ink', type: 'color', default: '#fff'},
      { name: 'grad', type: 'color', default: null},
      { name: 'url', type: 'text', default: 'https://example.test/t/1'},
    ]);
  });
});
