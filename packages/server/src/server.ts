/** Listening and graceful closing, shared by bin.ts and the tests. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppKoa } from './http/context.js';

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  /**
   * Stops accepting connections, lets in-flight requests finish (idle keep-alive sockets are
   * closed at once), and after `graceMs` cuts whatever is left.
   */
  close(graceMs?: number): Promise<void>;
}

export async function listen(app: AppKoa, options: { port: number; host: string }): Promise<RunningServer> {
  const handle = app.callback();
  let closing = false;
  const server = createServer((req, res) => {
    // While draining, tell keep-alive clients to hang up after this answer; a busy client would
    // otherwise keep its connection (and the shutdown) alive until the grace timeout.
    if (closing) res.setHeader('Connection', 'close');
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    server,
    port,
    url: `http://${hostForUrl}:${port}`,
    close: (graceMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        const force = setTimeout(() => server.closeAllConnections(), graceMs);
        force.unref();
        // Requests that were already in flight answered with keep-alive; close each such
        // connection as soon as it goes idle instead of waiting for the keep-alive timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 25);
        sweep.unref();
        server.close((error) => {
          clearTimeout(force);
          clearInterval(sweep);
          if (error) reject(error);
          else resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
