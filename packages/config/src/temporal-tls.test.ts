import { commonEnv, loadConfig, temporalTls, type CommonConfig } from './index';

const base = { DATABASE_URL: 'postgres://x/y' };
const load = (env: Record<string, string>) => loadConfig<CommonConfig>({ type: 'object', properties: commonEnv }, { ...base, ...env });
const files: Record<string, string> = { '/tls/ca.crt': 'CA', '/tls/tls.crt': 'CERT', '/tls/tls.key': 'KEY' };
const readFile = (f: string) => {
  if (!(f in files)) throw new Error(`ENOENT ${f}`);
  return Buffer.from(files[f]);
};

describe('temporalTls', () => {
  it('is off by default: a plain connection', () => {
    const c = load({});
    expect(c.TEMPORAL_TLS).toBe(0);
    expect(temporalTls(c, readFile)).toBeUndefined();
  });

  it('turns on TLS with the system CAs, a CA file, a server name and a client pair (mTLS)', () => {
    expect(temporalTls(load({ TEMPORAL_TLS: '1' }), readFile)).toEqual({});
    const tls = temporalTls(
      load({
        TEMPORAL_TLS: '1',
        TEMPORAL_TLS_SERVER_NAME: 'frontend.temporal',
        TEMPORAL_TLS_CA_FILE: '/tls/ca.crt',
        TEMPORAL_TLS_CERT_FILE: '/tls/tls.crt',
        TEMPORAL_TLS_KEY_FILE: '/tls/tls.key',
      }),
      readFile,
    );
    expect(tls?.serverNameOverride).toBe('frontend.temporal');
    expect(tls?.serverRootCACertificate?.toString()).toBe('CA');
    expect(tls?.clientCertPair?.crt.toString()).toBe('CERT');
    expect(tls?.clientCertPair?.key.toString()).toBe('KEY');
  });

  it('refuses half a client pair, TLS files without TLS, and a missing file', () => {
    expect(() => temporalTls(load({ TEMPORAL_TLS: '1', TEMPORAL_TLS_CERT_FILE: '/tls/tls.crt' }), readFile)).toThrow('go together');
    expect(() => temporalTls(load({ TEMPORAL_TLS_CA_FILE: '/tls/ca.crt' }), readFile)).toThrow('TEMPORAL_TLS_CA_FILE set but TEMPORAL_TLS is not 1');
    expect(() => temporalTls(load({ TEMPORAL_TLS: '1', TEMPORAL_TLS_CA_FILE: '/tls/nope' }), readFile)).toThrow('ENOENT');
    expect(() => load({ TEMPORAL_TLS: 'yes' })).toThrow('TEMPORAL_TLS');
  });
});
