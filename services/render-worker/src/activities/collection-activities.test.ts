import { zipEntries, zipEntryName } from './collection-activities';

describe('zip entries', () => {
  it('names an item by index, with its filename when given', () => {
    expect(zipEntryName(7, 'orgs/o/renders/r/result.png', undefined)).toBe('007.png');
    expect(zipEntryName(7, 'orgs/o/renders/r/result.png', '../ada')).toBe('007-ada.png');
  });

  it('puts every variant of every item in a folder named after the variant', () => {
    const entries = zipEntries([
      { index: 0, metadata: {}, result_path: 'a/result.png', outputs: null },
      {
        index: 1,
        metadata: { filename: 'bee' },
        result_path: 'b/variants/square.png',
        outputs: [
          { variant: 'square', result_path: 'b/variants/square.png' },
          { variant: 'banner', result_path: 'b/variants/banner.jpg' },
        ],
      },
    ]);
    expect(entries).toEqual([
      { path: 'a/result.png', name: '000.png' },
      { path: 'b/variants/square.png', name: 'square/001-bee.png' },
      { path: 'b/variants/banner.jpg', name: 'banner/001-bee.jpg' },
    ]);
  });
});
