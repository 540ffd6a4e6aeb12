import http from 'node:http';
import { loadConfigOrExit } from '@rp/config';
import { loadApiConfig } from './config';
import { buildDeps } from './build-deps';
import { createApp } from './app';

function main() {
  const config = loadConfigOrExit('api', () => loadApiConfig());
  const deps = buildDeps(config);
  const { app } = createApp(deps);
  const handle = app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () => deps.logger.info({ port: config.PORT }, 'api listening'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info({ signal }, 'api draining connections');
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
