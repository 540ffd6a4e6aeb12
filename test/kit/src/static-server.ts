import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
