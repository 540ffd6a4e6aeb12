import { serviceHeapFlags } from './service-node-options';

/*
 * Prints a service's V8 heap flags for its memory limit (serviceHeapFlags), for its image to start it with them:
 *   exec node $(node packages/config/dist/heap-flags-cli.js webhook-worker) services/webhook-worker/dist/main.js
 * V8 fixes its heaps' limits when it starts, so a service cannot size them from inside.
 */
process.stdout.write(serviceHeapFlags(process.argv[2] ?? '', process.env).join(' '));
