import http from 'node:http';
import os from 'node:os';
import { HttpError, type StackSupervisor } from './supervisor';

const SIGNALS = new Set(Object.keys(os.constants.signals));

/**
 * Test-only fault injection on 127.0.0.1:
 *   GET /status · POST /kill/<name>?signal=SIGKILL · POST /start/<name> · POST /stop/<name> · POST /restart/<name>
 */
export function startControlServer(sup: StackSupervisor, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    handle(sup, req).then(
      (body) => send(res, 200, body),
      (e: unknown) => {
        const status = e instanceof HttpError ? e.status : 500;
        send(res, status, { error: (e as Error).message });
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function handle(sup: StackSupervisor, req: http.IncomingMessage): Promise<unknown> {
  const url = new URL(req.url ?? '/', 'http://control');
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (req.method === 'GET' && url.pathname === '/status') return sup.status();
  if (req.method === 'GET' && url.pathname === '/info') return sup.info();
  if (req.method !== 'POST' || parts.length !== 2) throw new HttpError(404, `no route ${req.method} ${url.pathname}`);
  const [action, name] = parts;
  switch (action) {
    case 'kill': {
      const signal = url.searchParams.get('signal') ?? 'SIGKILL';
      if (!SIGNALS.has(signal)) throw new HttpError(400, `unknown signal ${signal}`);
      return sup.kill(name, signal as NodeJS.Signals);
    }
    case 'start':
      return sup.start(name);
    case 'stop':
      return sup.stop(name);
    case 'restart':
      return sup.restart(name);
    default:
      throw new HttpError(404, `unknown action ${action}`);
  }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
