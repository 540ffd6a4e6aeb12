import { covers, parseCharsets } from './font-coverage';
import { unionCoverage } from './font-file-coverage';
import { fetchedAssetsOf } from '../engines/native/image/native-warnings';

describe('unionCoverage', () => {
  it('merges several coverages into sorted ranges and skips the ones that could not be read', () => {
    const u = unionCoverage([parseCharsets('20-7e'), null, parseCharsets('7f-a0 e000-e001')]);
    expect(u).toEqual([
      [0x20, 0xa0],
      [0xe000, 0xe001],
    ]);
    expect(covers(u, 0xe001)).toBe(true);
    expect(covers(u, 0xe002)).toBe(false);
  });
});

describe('fetchedAssetsOf (native provenance)', () => {
  it('hashes each fetched file once, sorted by URL, data: URLs left out', () => {
    const a = fetchedAssetsOf([
      { url: 'https://b.example/x.png', data: Buffer.from('b') },
      { url: 'data:font/ttf;base64,AA==', data: Buffer.from('f') },
      { url: 'https://a.example/y.ttf', data: Buffer.from('a') },
      { url: 'https://b.example/x.png', data: Buffer.from('b') },
    ]);
    expect(a.map((x) => x.url)).toEqual(['https://a.example/y.ttf', 'https://b.example/x.png']);
    expect(a[0]!.sha256).toBe('ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb');
  });
});
