import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server for tests (image fixtures, webhook receivers). It binds 127.0.0.2, the one loopback
 * address the test stack's SSRF allow-list admits; 127.0.0.1 stays blocked so SSRF tests can target it.
 */
export interface FixtureServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** `listenPort` 0 (default): any free port; a given one: e.g. a receiver coming back where a dead one was. */
export async function startFixtureServer(handler: http.RequestListener, host = '127.0.0.2', listenPort = 0): Promise<FixtureServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
