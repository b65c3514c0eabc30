import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from '../../../server/test/harness.js';

/**
 * A TCP relay in front of the test server, on a port of its own, that the test can switch off (connections refused,
 * open ones cut, as when the server is down or the machine offline) and on again at the same address, while the
 * server behind it keeps its data.
 */
export class SwitchableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<SwitchableProxy> {
    const proxy = new SwitchableProxy(await freePort(), targetPort);
    await proxy.up();
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  up(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
  }

  down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}
