import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** Where the proxy forwards to: a TCP host and port, or a Unix socket path. */
export type ProxyTarget = { host: string; port: number } | { path: string };

/** A loopback TCP proxy that a test can cut and restore, to simulate a database outage. */
export class TcpProxy {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private blocked = false;
  port = 0;

  constructor(private readonly target: ProxyTarget) {
    this.server = createServer((client) => {
      if (this.blocked) {
        client.destroy();
        return;
      }
      const upstream = 'path' in this.target ? connect(this.target.path) : connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Drops every open connection and refuses new ones. */
  cut(): void {
    this.blocked = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.blocked = false;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
