import net from 'node:net';

/** Next upstream index after `last`, in turn; pure so the order is tested without sockets. */
export function nextInTurn(last: number, count: number): number {
  return (last + 1) % count;
}

/**
 * The API replicas' one address in the cluster profile: a round-robin TCP proxy, as a Kubernetes Service's
 * kube-proxy balances (per connection, not per request: a keep-alive connection stays on its replica). A
 * connection goes to the next replica in turn; a replica that refuses it (down, restarting) is skipped, so a killed
 * replica costs only the connections it held. No HTTP parsing: what reaches the client is the replica's own answer.
 */
export class ApiProxy {
  private server: net.Server | null = null;
  private last = -1;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    /** Current replica ports, asked per connection (replicas come and go under the control API). */
    private readonly upstreams: () => number[],
  ) {}

  start(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  private accept(client: net.Socket): void {
    this.track(client);
    client.pause(); // hold the request bytes until a replica accepted the connection
    const ports = this.upstreams();
    const start = nextInTurn(this.last, Math.max(ports.length, 1));
    this.last = start;
    this.connect(client, ports, start, 0);
  }

  private connect(client: net.Socket, ports: number[], start: number, tried: number): void {
    if (tried >= ports.length || client.destroyed) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ port: ports[(start + tried) % ports.length], host: '127.0.0.1' });
    this.track(upstream);
    let connected = false;
    upstream.once('error', () => {
      if (!connected) this.connect(client, ports, start, tried + 1);
    });
    upstream.once('connect', () => {
      connected = true;
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      // a reset on either side resets the other: the client sees the replica die, never a made-up answer
      upstream.on('error', close);
      client.on('error', close);
      upstream.on('close', close);
      client.on('close', close);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
