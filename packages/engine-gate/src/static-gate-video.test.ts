import { NATIVE_ANIMATION_TABLE, type AnimationTable } from '@rp/workflow-safe';
import { staticGate, type GateInput } from './static-gate';
import { animationReason } from './animation-gate';
import { timingKey } from './timing-key';
import postcss from 'postcss';

const video = (html: string, extra: Partial<GateInput> = {}): GateInput => ({ type: 'video', format: 'mp4', composition_html: html, placeholders: [], ...extra });
const animated = (keyframes: string, animation: string) => video(`<style>@keyframes a{${keyframes}}.b{animation:${animation}}</style><div class="b">x</div>`);
const SLIDE = 'from{transform:translateX(0)}to{transform:translateX(100px)}';

describe('staticGate on video templates', () => {
  it('passes every format, and a video without any motion', () => {
    for (const format of ['mp4', 'webm', 'gif']) expect(staticGate(video('<p style="color:red">x</p>', { format }))).toBeNull();
  });

  it('refuses script and media elements as it does for images', () => {
    expect(staticGate(video('<p>x</p><script>1</script>'))).toBe('has_script');
    expect(staticGate(video('<p onanimationend="x()">x</p>'))).toBe('has_script');
    expect(staticGate(video('<video src="a.mp4" autoplay></video>'))).toBe('media_element');
    expect(staticGate(video('<audio src="a.mp3" autoplay></audio>'))).toBe('media_element');
    expect(staticGate(video('<canvas></canvas>'))).toBe('unsupported_element:canvas');
    expect(staticGate(video('<div style="float:left">x</div>'))).toBe('unsupported_css:float');
    // an animated image is left to the parity check
    expect(staticGate(video('<img src="asset://00000000-0000-0000-0000-000000000000" alt="">'))).toBeNull();
  });

  it('passes an inline SVG whose own CSS animations the native engine bakes frame by frame, and refuses what it does not bake', () => {
    const svg = (inner: string) => `<svg width="100" height="100" viewBox="0 0 10 10">${inner}<rect class="r" width="5" height="5"/></svg>`;
    expect(staticGate(video(svg(`<style>@keyframes s{${SLIDE}}.r{animation:s 1s linear}</style>`)))).toBeNull();
    // a transition needs a script to start; an animation naming no keyframes does nothing
    expect(staticGate(video(svg('<style>.r{transition:fill 1s}</style>')))).toBeNull();
    expect(staticGate(video(svg('<rect style="-webkit-animation: s 1s" width="1" height="1"/>')))).toBeNull();
    expect(staticGate(video(svg('<animateTransform attributeName="transform" type="rotate" from="0" to="90" dur="1s"/>')))).toBe('unsupported_animation:svg:smil');
    expect(staticGate(video(svg('<style>@keyframes f{from{fill:red}to{fill:blue}}.r{animation:f 1s}</style>')))).toBe('unsupported_animation:svg:fill');
    expect(staticGate(video(svg('<style>@keyframes h{50%{opacity:0}}.r{animation:h 1s}</style>')))).toBe('unsupported_animation:svg:implicit-keyframe');
    expect(staticGate(video(svg('<style>@keyframes m{from{transform:rotate(0)}to{transform:scale(2)}}.r{animation:m 1s}</style>')))).toBe('unsupported_animation:svg:transform');
    expect(staticGate(video(svg(`<style>@keyframes s{${SLIDE}}.r{animation:s 1s paused}</style>`)))).toBe('unsupported_animation:svg:play-state:paused');
    expect(staticGate(video(svg(`<style>@keyframes s{${SLIDE}}@media (min-width:1px){.r{animation:s 1s}}</style>`)))).toBe('unsupported_animation:svg:at-rule');
    // a still SVG (styled, no motion) is drawn natively; an image of a moving SVG is drawn at its time 0 by both engines
    expect(staticGate(video(svg('<style>.r{fill:red;stroke-width:.2}</style>')))).toBeNull();
    expect(staticGate({ ...video(svg('<animate attributeName="x" from="0" to="5" dur="1s"/>')), type: 'image', format: 'png' })).toBeNull();
  });

  it('keeps an applied animation refused in images: Chromium captures it wherever it is when the page is ready', () => {
    const html = `<style>@keyframes a{${SLIDE}}.b{animation:a 1s both}</style><div class="b">x</div>`;
    expect(staticGate({ ...video(html), type: 'image', format: 'png' })).toBe('unsupported_css:animation');
    expect(staticGate(video(html))).toBeNull();
  });

  it.each([
    ['clip-path', 'from{clip-path:inset(0 100% 0 0)}to{clip-path:inset(0)}', 'a 1s linear both', 'unsupported_animation:clip-path'],
    ['a property never measured', 'from{padding:0}to{padding:40px}', 'a 1s linear both', 'unsupported_animation:padding'],
    ['a 3D rotation', 'to{transform:rotateY(180deg)}', 'a 1s linear both', 'unsupported_animation:transform:rotate3d'],
    ['a translation by a percentage of the element', 'from{transform:translateX(-120%)}to{transform:translateX(0)}', 'a 1s ease-out both', 'unsupported_animation:transform:translate-percent'],
    ['a matrix', 'to{transform:matrix(1,0,0,1,10,0)}', 'a 1s linear both', 'unsupported_animation:transform:matrix'],
    ['steps(n, jump-start)', SLIDE, 'a 1s steps(4, jump-start) both', 'unsupported_animation:steps-jump-start'],
    ['step-start', SLIDE, 'a 1s step-start both', 'unsupported_animation:step-start'],
    ['linear() stops', SLIDE, 'a 1s linear(0, .8 30%, 1) both', 'unsupported_animation:linear-stops'],
    ['a paused animation', SLIDE, 'a 1s linear -300ms both paused', 'unsupported_animation:play-state:paused'],
    ['a property some inner keyframe leaves out (takumi would run it from the element\'s own value)', '0%{transform:rotate(0);opacity:1}30%{opacity:.2}100%{transform:rotate(90deg);opacity:1}', 'a 1s linear both', 'unsupported_animation:sparse-keyframes'],
    ['a timing function inside a keyframe', 'from{transform:translateX(0);animation-timing-function:ease-in}to{transform:translateX(9px)}', 'a 1s both', 'unsupported_animation:keyframe-timing'],
  ])('names the animation: %s', (_what, keyframes, animation, reason) => {
    expect(staticGate(animated(keyframes, animation))).toBe(reason);
  });

  it.each([
    ['translate, scale, rotate, skew together', 'from{transform:translate(-40px,-20px) scale(.5) rotate(0) skewX(0)}to{transform:translate(0,0) scale(1) rotate(90deg) skewX(10deg)}', 'a 1s ease-in-out both'],
    ['opacity, colours, box sizes, offsets', 'from{opacity:0;color:red;background-color:#000;width:0;height:0;left:0;top:0;border-color:red}to{opacity:1;color:blue;background-color:#fff;width:9px;height:9px;left:9px;top:9px;border-color:blue}', 'a 1s ease-out both'],
    ['filter, shadow and radius', 'from{filter:brightness(.3);box-shadow:0 0 0 #000;border-radius:0}to{filter:brightness(1);box-shadow:4px 4px 0 #000;border-radius:9px}', 'a 1s linear both'],
    ['steps(4), steps(4, end), step-end, cubic-bezier', SLIDE, 'a 1s steps(4) both, a 1s steps(4, end) both, a 1s step-end, a 1s cubic-bezier(.2,.8,.2,1) both'],
    ['a delay, a negative delay, infinite, alternate', SLIDE, 'a 400ms linear 250ms infinite alternate, a 1s linear -400ms 3 reverse forwards'],
    ['keyframe offsets and a caret that only names its middle', '0%{opacity:0}40%{opacity:1}100%{opacity:.5}', 'a 500ms step-end infinite'],
    ['an end that leaves a property out, and one offset in two blocks', '0%{opacity:0}50%{opacity:1}50%{transform:rotate(9deg)}100%{opacity:.5;transform:rotate(0)}', 'a 1s linear both'],
  ])('passes measured motion: %s', (_what, keyframes, animation) => {
    expect(staticGate(animated(keyframes, animation))).toBeNull();
  });

  it('reads @-webkit-keyframes as Chromium does, as @keyframes; an @-moz-keyframes body is a rule Chromium drops', () => {
    const wipe = 'from{clip-path:inset(0 100% 0 0)}to{clip-path:inset(0)}';
    const html = (at: string, frames: string) => video(`<style>@${at} a{${frames}}.b{animation:a 1s linear both}</style><div class="b">x</div>`);
    expect(staticGate(html('-webkit-keyframes', wipe))).toBe('unsupported_animation:clip-path');
    expect(staticGate(html('keyframes', wipe))).toBe('unsupported_animation:clip-path');
    expect(staticGate(html('-webkit-keyframes', 'from{opacity:0;animation-timing-function:ease-in}to{opacity:1}'))).toBe('unsupported_animation:keyframe-timing');
    expect(staticGate(html('-webkit-keyframes', SLIDE))).toBeNull();
    expect(staticGate(html('-moz-keyframes', wipe))).toBeNull();
  });

  it('reads the longhands and transitions', () => {
    const longhands = (v: string) => video(`<style>@keyframes a{${SLIDE}}.b{animation-name:a;animation-duration:1s;${v}}</style><div class="b">x</div>`);
    expect(staticGate(longhands('animation-timing-function:ease-in-out;animation-delay:200ms;animation-fill-mode:both'))).toBeNull();
    expect(staticGate(longhands('animation-timing-function:steps(3, jump-both)'))).toBe('unsupported_animation:steps-jump-both');
    expect(staticGate(longhands('animation-play-state:paused'))).toBe('unsupported_animation:play-state:paused');
    expect(staticGate(longhands('animation-timeline:scroll()'))).toBe('unsupported_animation:animation-timeline');
    expect(staticGate(video('<div style="transition:opacity .3s ease;opacity:.5">x</div>'))).toBeNull();
  });

  it('follows the measured table: an entry that did not pass is refused, one that passed is not', () => {
    const roots = [postcss.parse(`@keyframes a{${SLIDE}}.b{animation:a 1s ease both}`)];
    expect(animationReason(roots)).toBeNull();
    const worse: AnimationTable = { ...NATIVE_ANIMATION_TABLE, timing: { ...NATIVE_ANIMATION_TABLE.timing, ease: { passed: false, min_ssim: 0.5, min_psnr: 10 } } };
    expect(animationReason(roots, worse)).toBe('unsupported_animation:ease');
    // the table itself: measured, with the entries the corpus relies on
    expect(NATIVE_ANIMATION_TABLE.instants_ms.length).toBeGreaterThanOrEqual(5);
    for (const key of ['transform:translate', 'transform:scale', 'opacity', 'width']) expect(NATIVE_ANIMATION_TABLE.properties[key]?.passed).toBe(true);
  });

  it('names timing functions as the table does', () => {
    expect(['linear', 'EASE-IN', 'cubic-bezier(0,0,1,1)', 'steps(3)', 'steps(3, jump-none)', 'steps(2,start)', 'linear(0, 1)', '1s'].map(timingKey)).toEqual([
      'linear', 'ease-in', 'cubic-bezier', 'steps', 'steps-jump-none', 'steps-start', 'linear-stops', null,
    ]);
  });
});
