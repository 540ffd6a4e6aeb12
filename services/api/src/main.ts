import http from 'node:http';
import { loadConfigOrExit } from '@rp/config';
import { loadApiConfig } from './config';
import { buildDeps } from './build-deps';
import { createApp, createOpsApp } from './app';

function main() {
  const config = loadConfigOrExit('api', () => loadApiConfig());
  const deps = buildDeps(config);
  const { app, metrics } = createApp(deps);
  const handle = app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () => deps.logger.info({ port: config.PORT }, 'api listening'));
  const opsHandle = createOpsApp(deps, metrics).callback();
  const ops = http.createServer((req, res) => void opsHandle(req, res));
  ops.listen(config.OPS_PORT, config.HOST, () => deps.logger.info({ port: config.OPS_PORT }, 'api ops port listening'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, 'api draining connections');
    // the ops port keeps answering probes and scrapes while the public port drains; the exit ends it
    server.close(() => {
      void Promise.all([deps.finalRenders.close(), deps.db.destroy()]).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), config.SHUTDOWN_GRACE_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main();
