import net from 'node:net';
import { createSsrfGuard } from '@rp/net-guard';
import { startEgressProxy, type EgressProxy } from './egress-proxy';
import { startServer, type TestServer } from '@rp/test-kit';

/** Sends raw bytes to the proxy and collects the reply until the socket closes or `until` matches. */
function talk(proxyUrl: string, payload: string, until: RegExp): Promise<string> {
  const { hostname, port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    let data = '';
    const s = net.connect(Number(port), hostname, () => s.write(payload));
    s.on('data', (d) => {
      data += d.toString();
      if (until.test(data)) {
        s.destroy();
        resolve(data);
      }
    });
    s.on('close', () => resolve(data));
    s.on('error', reject);
  });
}

describe('startEgressProxy', () => {
  let proxy: EgressProxy;
  let allowed: TestServer;
  let privateServer: TestServer;
  const blocked: string[] = [];

  beforeAll(async () => {
    allowed = await startServer('127.0.0.2', { '/ok': [200, 'text/plain', 'allowed body'] });
    privateServer = await startServer('127.0.0.1', { '/secret': [200, 'text/plain', 'secret'] });
    proxy = await startEgressProxy({ ssrfGuard: createSsrfGuard({ allowCidrs: '127.0.0.2/32' }), onBlocked: (t) => blocked.push(t) });
  });
  afterAll(async () => {
    await proxy.close();
    await allowed.close();
    await privateServer.close();
  });

  it('forwards plain http to approved addresses', async () => {
    const reply = await talk(proxy.url, `GET ${allowed.url}/ok HTTP/1.1\r\nHost: ${new URL(allowed.url).host}\r\n\r\n`, /allowed body/);
    expect(reply).toMatch(/^HTTP\/1.1 200/);
  });

  it('refuses plain http to private addresses', async () => {
    const reply = await talk(proxy.url, `GET ${privateServer.url}/secret HTTP/1.1\r\nHost: x\r\n\r\n`, /blocked/);
    expect(reply).toMatch(/^HTTP\/1.1 403/);
    expect(privateServer.hits).toEqual([]);
  });

  it('tunnels CONNECT to approved addresses and refuses private ones', async () => {
    const ok = new URL(allowed.url).host;
    const reply = await talk(proxy.url, `CONNECT ${ok} HTTP/1.1\r\nHost: ${ok}\r\n\r\nGET /ok HTTP/1.1\r\nHost: ${ok}\r\n\r\n`, /allowed body/);
    expect(reply).toMatch(/^HTTP\/1.1 200 Connection Established/);
    const no = new URL(privateServer.url).host;
    expect(await talk(proxy.url, `CONNECT ${no} HTTP/1.1\r\nHost: ${no}\r\n\r\n`, /403/)).toMatch(/^HTTP\/1.1 403/);
    expect(privateServer.hits).toEqual([]);
    expect(blocked.length).toBeGreaterThanOrEqual(2);
  });
});
