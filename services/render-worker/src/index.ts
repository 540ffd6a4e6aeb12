// Library surface of the render worker (tests, tools); main.ts is the process entry point.
export * from './config';
