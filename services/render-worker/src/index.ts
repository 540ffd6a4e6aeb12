// Library surface of the render worker (tests, tools); main.ts is the process entry point.
export * from './config';
export { measureParity, decodeForParity, type ParityVersion } from './parity/measure-parity';
export { compareImages, type Rgba } from './parity/compare-images';
export { decideParity, round } from './parity/decide-parity';
export { measureVideoParity, type VideoParityVersion } from './parity/measure-video-parity';
export { videoParityInstants, animationTimings, MAX_VIDEO_PARITY_SAMPLES } from './parity/video-parity-instants';
export { pinResources, type PinDeps } from './pinning/pin-resources';
