import path from 'node:path';
import type http from 'node:http';
import { startControlServer } from './control-server';
import { resolveSettings } from './profiles';
import { parseArgs } from './cli-args';
import { StackSupervisor } from './supervisor';

const log = (msg: string) => process.stdout.write(`[stack ${new Date().toISOString().slice(11, 19)}] ${msg}\n`);

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const repoRoot = path.resolve(__dirname, '..', '..', '..');
  const settings = resolveSettings(args.profile, process.env, repoRoot, args.controlPort);
  const sup = new StackSupervisor(settings, log);
  let control: http.Server | null = null;
  let signals = 0;

  const shutdown = async (code: number) => {
    control?.close();
    await sup.shutdown();
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(sig, () => {
      signals++;
      if (signals === 1) {
        log(`${sig}: shutting down (again to force)`);
        void shutdown(0);
      } else {
        log('forcing shutdown');
        sup.forceKill();
        process.exit(130);
      }
    });
  }

  await sup.prepare();
  if (settings.controlPort) {
    control = await startControlServer(sup, settings.controlPort);
    log(`control API on http://127.0.0.1:${settings.controlPort}`);
  }
  try {
    await sup.startAll();
  } catch (e) {
    log(`startup failed: ${(e as Error).message}`);
    await shutdown(1);
    return;
  }
  const info = sup.info();
  const rel = (p: string) => path.relative(process.cwd(), p) || '.';
  const lines = [
    `profile ${settings.profile} is up`,
    `  API             ${info.apiUrl}   (ops: ${info.apiOpsUrl}/metrics, /readyz)`,
    `  API key         ${info.apiKey}   (org ${settings.profile}, ${info.orgId})`,
    `  Temporal UI     ${info.temporalUiUrl}   (gRPC ${info.temporalAddress})`,
    `  MinIO console   ${info.minio.consoleUrl}   (${info.minio.accessKey} / ${info.minio.secretKey})`,
    `  Postgres        ${info.databaseUrl}`,
    `  logs            ${rel(info.logsDir)}`,
    `  stack file      ${rel(sup.stackFile)}`,
    ...(info.controlUrl ? [`  control         ${info.controlUrl}`] : []),
    'Ctrl-C stops everything',
  ];
  log(lines.join('\n'));
}

main().catch((e: unknown) => {
  process.stderr.write(`[stack] ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
