import { materializePseudoElements } from './materialize-pseudo-elements';

const doc = (css: string, body: string) => `<!DOCTYPE html><html><head><style>${css}</style></head><body>${body}</body></html>`;
const bodyOf = (html: string) => /<body>(.*)<\/body>/s.exec(html)![1];
const cssOf = (html: string) => /<style>(.*)<\/style>/s.exec(html)![1];

describe('materializePseudoElements', () => {
  it('gives each generated box an element, first or last in its element, and moves the rules onto it', () => {
    const out = materializePseudoElements(doc('.p::before{content:"";position:absolute;inset:0} h1:after{content:"\\2014  end"}', '<span class="p"><b>x</b></span><h1>T</h1>'));
    expect(bodyOf(out)).toBe('<span class="p"><rp-before></rp-before><b>x</b></span><h1>T<rp-after>\u2014 end</rp-after></h1>');
    expect(cssOf(out)).toBe('.p > rp-before{content:"";position:absolute;inset:0} h1 > rp-after{content:"\\2014  end"}');
  });

  it('follows the cascade for content: none wins over a less specific string, and !important over both', () => {
    const css = '.a::before{content:"x"} .b.a::before{content:none} .a.c::after{content:"y"} .c::after{content:none !important}';
    expect(bodyOf(materializePseudoElements(doc(css, '<i class="a"></i><i class="a b"></i><i class="a c"></i>')))).toBe(
      '<i class="a"><rp-before>x</rp-before></i><i class="a b"></i><i class="a c"><rp-before>x</rp-before></i>',
    );
  });

  it('draws nothing where no rule gives content, and none for replaced elements', () => {
    const css = '.a::before{background:red} img::after{content:""}';
    const html = doc(css, '<i class="a"></i><img src="x.png">');
    expect(materializePseudoElements(html)).toBe(html);
  });

  it('keeps a universal rule off the stand-ins without changing its specificity', () => {
    const out = materializePseudoElements(doc('*{margin:0} .a::before{content:"";display:block}', '<div class="a"></div>'));
    expect(cssOf(out)).toBe('*:where(:not(rp-before):not(rp-after)){margin:0} .a > rp-before{content:"";display:block}');
  });

  it('a bare ::before selects the box of every element that draws one, never inside head or style', () => {
    const out = materializePseudoElements(doc('body ::before{content:"-"}', '<p>a<img src="x.png"></p>'));
    expect(bodyOf(out)).toBe('<p><rp-before>-</rp-before>a<img src="x.png"></p>');
    expect(cssOf(out)).toBe('body * > rp-before{content:"-"}');
    const everywhere = doc('::before{content:"-"}', '<p>a</p>');
    expect(materializePseudoElements(everywhere)).toBe(everywhere); // html's own box: left to takumi
  });

  it.each([
    ['a structural selector the stand-ins would shift', '.a::before{content:""} .a > :first-child{color:red}'],
    ['an :empty element that would no longer be empty', '.a::before{content:""} .a:empty{color:red}', '<div class="a"></div>'],
    ['content from attr()', '.a::before{content:attr(title)}'],
    ['content from a counter', '.a::before{content:counter(x)}'],
    ['content under a media condition', '@media (min-width: 600px){.a::before{content:""}}'],
    ['a pseudo-element in the middle of a selector', '.a::before{content:""} .a::before:hover{color:red}'],
    ['a pseudo-element inside :not()', '.a::before{content:""} .b:not(::after){color:red}'],
  ])('leaves the document as it was for %s', (_, css, body = '<div class="a"><b>x</b></div>') => {
    const html = doc(css, body);
    expect(materializePseudoElements(html)).toBe(html);
  });

  it('ignores other pseudo-elements and print rules', () => {
    const out = materializePseudoElements(doc('::selection{color:red} @media print{.a::before{content:"p"}} .a::before{content:"s"}', '<i class="a"></i>'));
    expect(bodyOf(out)).toBe('<i class="a"><rp-before>s</rp-before></i>');
  });

  it('returns a document without pseudo-elements untouched', () => {
    const html = doc('.a{color:red}', '<i class="a"></i>');
    expect(materializePseudoElements(html)).toBe(html);
  });
});

describe('the paint order of positioned stand-ins', () => {
  const ROW = '.p{position:relative}.p::before{content:"";position:absolute;inset:0;background:red}';
  it('puts them under positioned inline content in a stacking context of their element', () => {
    const out = materializePseudoElements(doc(`${ROW}.t{position:relative;z-index:1;display:inline-block}`, '<span class="p"><span class="t">x</span></span>'));
    expect(bodyOf(out)).toBe('<span class="p" style="z-index:0"><rp-before style="z-index:-1"></rp-before><span class="t">x</span></span>');
  });

  it('keeps the order where the content is block-level or not positioned', () => {
    for (const t of ['.t{position:relative;display:block}', '.t{display:inline-block}']) {
      expect(bodyOf(materializePseudoElements(doc(`${ROW}${t}`, '<span class="p"><span class="t">x</span></span>')))).toBe('<span class="p"><rp-before></rp-before><span class="t">x</span></span>');
    }
  });

  it.each([
    ['text in flow beside the positioned content', '<span class="p">in flow <span class="t">x</span></span>', ''],
    ['an ::after box over content without a positive z-index', '<span class="p"><span class="t">x</span></span>', '.p::after{content:"";position:absolute;inset:0}.t{z-index:auto}'],
    ['a host that is not positioned', '<span class="p"><span class="t">x</span></span>', '.p{position:static}'],
    ['positioned content nested deeper', '<span class="p"><b style="position:relative"><span class="t">x</span></b></span>', ''],
  ])('leaves the document as it was for %s', (_, body, css) => {
    const html = doc(`${ROW}.t{position:relative;z-index:1;display:inline-block}${css}`, body);
    expect(materializePseudoElements(html)).toBe(html);
  });
});
