import postcss from 'postcss';
import { isKeyframesRule } from './is-keyframes-rule';

describe('isKeyframesRule', () => {
  it('is @keyframes and @-webkit-keyframes, which Chromium reads alike; not the prefixes it does not know', () => {
    const names = (css: string) => postcss.parse(css).nodes.map(isKeyframesRule);
    expect(names('@keyframes a{} @-webkit-keyframes b{} @KEYFRAMES c{} @-moz-keyframes d{} @-o-keyframes e{} @media print{} p{}')).toEqual([
      true, true, true, false, false, false, false,
    ]);
  });
});
