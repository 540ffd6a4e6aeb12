import { ENGINE_MODES, ENGINE_REASON_CODES, ENGINE_REASONS, IMAGE_FORMATS, OUTPUT_FILES, PLACEHOLDER_TYPES, TEMPLATE_TYPES, VIDEO_FORMATS } from '@rp/workflow-safe';
import { STUDIO_LISTS } from './studio-lists';

// The studio offers exactly what the API accepts: each list is its source's, not a copy that can lag behind it.
describe('the studio lists', () => {
  it('offers every output format of each template type, the one a new template starts with first', () => {
    expect(STUDIO_LISTS.templateTypes).toEqual(TEMPLATE_TYPES);
    expect(STUDIO_LISTS.formats).toEqual({ image: IMAGE_FORMATS, video: VIDEO_FORMATS });
    // every format a result can be stored as, and nothing else
    expect([...STUDIO_LISTS.formats.image, ...STUDIO_LISTS.formats.video].sort()).toEqual(Object.keys(OUTPUT_FILES).sort());
    expect([STUDIO_LISTS.formats.image[0], STUDIO_LISTS.formats.video[0]]).toEqual(['png', 'mp4']);
  });

  it('offers every placeholder type and engine mode', () => {
    expect(STUDIO_LISTS.placeholderTypes).toEqual(PLACEHOLDER_TYPES);
    expect(STUDIO_LISTS.engineModes).toEqual(ENGINE_MODES);
  });

  it.each(ENGINE_REASON_CODES)('explains the reason %s, with a detail or without', (code) => {
    const { meaning } = ENGINE_REASONS[code];
    expect(meaning).not.toBe('');
    expect([STUDIO_LISTS.reasonMeaning(code), STUDIO_LISTS.reasonMeaning(`${code}:x`)]).toEqual([meaning, meaning]);
  });

  it('explains nothing for no reason or an unknown code', () => {
    expect([null, '', 'unsupported_colour:red'].map(STUDIO_LISTS.reasonMeaning)).toEqual(['', '', '']);
  });
});
