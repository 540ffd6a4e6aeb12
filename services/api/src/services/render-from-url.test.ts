import type { Placeholder } from '@rp/workflow-safe';
import { modificationsFromQuery } from './render-from-url';

const placeholders: Placeholder[] = [
  { name: 'title', type: 'text' },
  { name: 'bg', type: 'color' },
  { name: 'photo', type: 'image' },
  { name: 'score', type: 'number' },
];

describe('render URL parameters to modifications', () => {
  test('each parameter sets its placeholder with the value field of its type; sig and exp are not placeholders', () => {
    expect(
      modificationsFromQuery(placeholders, [
        ['title', 'Hi'],
        ['bg', '#ff0000'],
        ['photo', 'https://example.com/a.png'],
        ['score', '-1.5'],
        ['exp', '123'],
        ['sig', 'abc'],
      ]),
    ).toEqual([
      { name: 'title', text: 'Hi' },
      { name: 'bg', color: '#ff0000' },
      { name: 'photo', image_url: 'https://example.com/a.png' },
      { name: 'score', number: -1.5 },
    ]);
  });

  test('422 naming the parameter: unknown placeholder, wrong value, repeated parameter', () => {
    const fields = (params: [string, string][]) => {
      try {
        modificationsFromQuery(placeholders, params);
        return [];
      } catch (err: any) {
        expect(err.status).toBe(422);
        return err.details.map((d: any) => d.field);
      }
    };
    expect(fields([['subtitle', 'x']])).toEqual(['subtitle']);
    expect(fields([['bg', 'red-ish']])).toEqual(['bg']);
    expect(fields([['score', 'ten']])).toEqual(['score']);
    expect(fields([['title', 'a'], ['title', 'b']])).toEqual(['title']);
  });
});
