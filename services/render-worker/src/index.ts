// Library surface of the render worker (tests, tools); main.ts is the process entry point.
export * from './config';
export { measureParity, type ParityVersion } from './parity/measure-parity';
export { decideParity } from './parity/decide-parity';
export { pinResources, type PinDeps } from './pinning/pin-resources';
