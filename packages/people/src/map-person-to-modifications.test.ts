import type { Placeholder } from '@rp/workflow-safe';
import { checkMapping, mapPersonToModifications, personField } from './map-person-to-modifications';

const today = new Date('2026-11-23T10:00:00Z');
const ada = {
  id: 'p1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '1990-11-23',
  hire_date: '2016-11-24',
  photo_asset_id: '0b9c7b57-2f6e-4f43-9d8e-3c1d2a4b5c6d',
  custom_fields: { team: 'Engines', shirt: 7, nested: { a: 1 } },
  email: null,
};
const placeholders: Placeholder[] = [
  { name: 'title', type: 'text' },
  { name: 'photo', type: 'image' },
  { name: 'first_name', type: 'text' },
  { name: 'accent', type: 'color' },
  { name: 'years', type: 'number' },
  { name: 'email', type: 'text' },
];

describe('personField', () => {
  test('derived fields count whole years to today (UTC) and photo is an asset reference', () => {
    expect(personField(ada, 'full_name', today)).toBe('Ada Lovelace');
    expect(personField(ada, 'age', today)).toBe('36'); // birthday today counts
    expect(personField(ada, 'years_of_service', today)).toBe('9'); // anniversary tomorrow does not
    expect(personField(ada, 'photo', today)).toBe('asset://0b9c7b57-2f6e-4f43-9d8e-3c1d2a4b5c6d');
    expect(personField(ada, 'custom_fields.shirt', today)).toBe('7');
    expect(personField(ada, 'custom_fields.nested', today)).toBeNull();
    expect(personField(ada, 'email', today)).toBeNull();
    expect(personField({ first_name: 'Solo' }, 'full_name', today)).toBe('Solo');
  });
});

describe('mapPersonToModifications', () => {
  test('fills templates, falls back to fields named like placeholders, and leaves the rest at their defaults', () => {
    const mods = mapPersonToModifications(
      ada,
      placeholders,
      { title: 'Happy birthday, {first_name} ({age})!', photo: '{photo}', accent: '#ff0000', years: '{years_of_service}' },
      today,
    );
    expect(mods).toEqual([
      { name: 'title', text: 'Happy birthday, Ada (36)!' },
      { name: 'photo', image_url: 'asset://0b9c7b57-2f6e-4f43-9d8e-3c1d2a4b5c6d' },
      { name: 'first_name', text: 'Ada' },
      { name: 'accent', color: '#ff0000' },
      { name: 'years', number: 9 },
      // email: named like a field, but Ada has none, so the template default stays
    ]);
  });

  test('a single missing reference keeps the default; inside text it reads as empty; a non-number is skipped', () => {
    const bare = { first_name: 'Bo', custom_fields: {} };
    const mods = mapPersonToModifications(bare, placeholders, { title: 'Hi {first_name} {last_name}!', years: '{custom_fields.team}' }, today);
    expect(mods).toEqual([
      { name: 'title', text: 'Hi Bo !' },
      { name: 'first_name', text: 'Bo' },
    ]);
  });
});

describe('checkMapping', () => {
  test('names the mapping key for an unknown placeholder or field reference', () => {
    expect(checkMapping(placeholders, { title: '{first_name} {custom_fields.team}', photo: '{photo}' })).toEqual([]);
    const details = checkMapping(placeholders, { nope: 'x', title: 'Hi {nickname}' });
    expect(details.map((d) => d.field)).toEqual(['mapping.nope', 'mapping.title']);
    expect(details[1]!.message).toContain('{nickname}');
  });
});
