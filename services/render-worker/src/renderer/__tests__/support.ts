// Test support for the renderer's Chromium tests (excluded from the build with the rest of __tests__).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';

/** headless-shell is what the worker uses for images; fall back to the full build if only that is installed. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/bin/chromium-headless-shell', process.env.CHROMIUM_PATH, '/usr/bin/chromium'];
  const found = candidates.find((p): p is string => !!p && fs.existsSync(p));
  if (!found) throw new Error('no Chromium found (run scripts/setup.sh)');
  return found;
}

export function solidPng(width: number, height: number, [r, g, b, a = 255]: number[]): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([r!, g!, b!, a], i * 4);
  return PNG.sync.write(png);
}

export function decodePng(buf: Buffer): PNG {
  return PNG.sync.read(buf);
}

export function pixel(png: PNG, x: number, y: number): [number, number, number, number] {
  const i = (png.width * y + x) * 4;
  return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
}

/** Pixels of a region differing from a colour by more than a small tolerance (anti-aliasing). */
export function inkIn(png: PNG, box: { x: number; y: number; w: number; h: number }, bg: number[]): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const p = pixel(png, x, y);
      if (Math.abs(p[0] - bg[0]!) + Math.abs(p[1] - bg[1]!) + Math.abs(p[2] - bg[2]!) > 30) n++;
    }
  }
  return n;
}

/** Width and height from a JPEG's SOF marker. */
export function jpegSize(buf: Buffer): { width: number; height: number } {
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1]!;
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

export interface TestServer {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** A tiny HTTP server; `routes` maps a path to [status, content-type, body]. */
export async function startServer(host: string, routes: Record<string, [number, string, Buffer | string]>): Promise<TestServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (!route) return void res.writeHead(404).end('not found');
    res.writeHead(route[0], { 'content-type': route[1] }).end(route[2]);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
