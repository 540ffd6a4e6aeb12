import fs from 'node:fs';
import type { FragmentConfig } from './config-of';

/**
 * TLS to an external Temporal (the Helm chart's `temporal.tls`, docs/deploy.md): TEMPORAL_TLS=1 turns it on
 * (server checked against the system CAs, or TEMPORAL_TLS_CA_FILE); a client certificate and key (mTLS, e.g.
 * Temporal Cloud) come as files mounted from a Secret. Part of commonEnv: every service connects the same way.
 */
export const temporalTlsEnv = {
  TEMPORAL_TLS: { type: 'integer', enum: [0, 1], default: 0 },
  /** The name the server's certificate is checked against, when it differs from the address's host. */
  TEMPORAL_TLS_SERVER_NAME: { type: 'string', default: '' },
  TEMPORAL_TLS_CA_FILE: { type: 'string', default: '' },
  TEMPORAL_TLS_CERT_FILE: { type: 'string', default: '' },
  TEMPORAL_TLS_KEY_FILE: { type: 'string', default: '' },
} as const;

export type TemporalTlsConfig = FragmentConfig<typeof temporalTlsEnv>;

/** The shape both @temporalio/client's Connection and @temporalio/worker's NativeConnection take as `tls`. */
export interface TemporalTlsOptions {
  serverNameOverride?: string;
  serverRootCACertificate?: Buffer;
  clientCertPair?: { crt: Buffer; key: Buffer };
}

/**
 * The one place a Temporal connection's TLS is decided: `undefined` (plain gRPC, the embedded stack) or the
 * options for `{ address, tls }`. A certificate without its key (or the reverse), or a TLS file while TEMPORAL_TLS
 * is 0, is a configuration error named by variable, never silently a plain connection.
 */
export function temporalTls(c: TemporalTlsConfig, readFile: (file: string) => Buffer = (f) => fs.readFileSync(f)): TemporalTlsOptions | undefined {
  const files = { ca: c.TEMPORAL_TLS_CA_FILE, cert: c.TEMPORAL_TLS_CERT_FILE, key: c.TEMPORAL_TLS_KEY_FILE };
  if (c.TEMPORAL_TLS !== 1) {
    const set = Object.entries({ TEMPORAL_TLS_CA_FILE: files.ca, TEMPORAL_TLS_CERT_FILE: files.cert, TEMPORAL_TLS_KEY_FILE: files.key })
      .filter(([, v]) => v)
      .map(([k]) => k);
    if (set.length) throw new Error(`${set.join(', ')} set but TEMPORAL_TLS is not 1`);
    return undefined;
  }
  if (Boolean(files.cert) !== Boolean(files.key)) {
    throw new Error('TEMPORAL_TLS_CERT_FILE and TEMPORAL_TLS_KEY_FILE go together (mTLS needs both)');
  }
  const tls: TemporalTlsOptions = {};
  if (c.TEMPORAL_TLS_SERVER_NAME) tls.serverNameOverride = c.TEMPORAL_TLS_SERVER_NAME;
  if (files.ca) tls.serverRootCACertificate = readFile(files.ca);
  if (files.cert) tls.clientCertPair = { crt: readFile(files.cert), key: readFile(files.key) };
  return tls;
}
