import dgram from 'node:dgram';
import { closeTestDb, decodeFrames, fetchBytes, newOrg, waitForRender, withTempFile } from '../index';

// WebRTC's STUN traffic is UDP straight from the browser, around the egress proxy: a template could probe internal
// addresses with it. A STUN server on 127.0.0.2 (allow-listed for HTTP in tests) must receive nothing.
describe('WebRTC', () => {
  let stun: dgram.Socket;
  let packets = 0;
  beforeAll(async () => {
    stun = dgram.createSocket('udp4');
    stun.on('message', () => packets++);
    await new Promise<void>((resolve) => stun.bind(0, '127.0.0.2', resolve));
  });
  afterAll(async () => {
    stun.close();
    await closeTestDb();
  });

  test('a template that offers a peer connection with a STUN server on 127.0.0.2 sends it no packet', async () => {
    const org = await newOrg();
    const { port } = stun.address();
    // the page turns red once the offer is set locally, i.e. once ICE gathering (and STUN) has started
    const html = `<style>body{margin:0;background:#fff}</style><script>
      const pc = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.2:${port}' }, { urls: 'stun:10.0.0.1:3478' }] });
      pc.createDataChannel('probe');
      pc.createOffer().then((o) => pc.setLocalDescription(o)).then(() => { document.body.style.background = '#f00'; });
    </script>`;
    const tpl = await org.api.post('/v1/templates', { name: 'WebRTC', type: 'video', width: 64, height: 64, composition_html: html, canvas_data: { duration_seconds: 2, fps: 10 } });
    expect(tpl.status).toBe(201);
    const res = await org.api.post('/v1/videos', { template_id: tpl.body.id });
    const done = await waitForRender(org.api, 'video', res.body.id);
    expect(done.status).toBe('completed');
    const frames = await withTempFile((await fetchBytes(done.result_url)).body, 'mp4', (f) => decodeFrames(f, 64, 64));
    const last = frames[frames.length - 1]!;
    expect({ r: last[0]! > 200, g: last[1]! < 60 }).toEqual({ r: true, g: true });
    expect(packets).toBe(0);
  });
});
