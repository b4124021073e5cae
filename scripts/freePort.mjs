/**
 * A loopback port free right now, for a process that must be told its port before it starts (a
 * site whose PUBLIC_URL names it, a PostgreSQL cluster, nginx). Chosen below the kernel's
 * ephemeral range (net.ipv4.ip_local_port_range): the OS never hands those out for `listen(0)`
 * or for the local end of an outgoing connection, so between this check and the caller's own
 * bind nothing else in a busy test run takes it, as a port picked by `listen(0)` could be taken.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Above the well-known and common development ports (3000, 5173, 5432, 6006, 8080). */
const LOWEST = 10_000;

function ephemeralStart() {
  try {
    const [start] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(start);
    return Number.isInteger(value) && value > LOWEST + 1000 ? value : 32_768;
  } catch {
    // Not Linux: IANA's dynamic range starts at 49152.
    return 49_152;
  }
}

/** Whether 127.0.0.1:port can be bound now. */
function bindable(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

export async function freePort() {
  const end = ephemeralStart();
  const span = end - LOWEST;
  // A random start, so parallel test files rarely try the same ports.
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i += 1) {
    const port = LOWEST + ((start + i) % span);
    if (await bindable(port)) return port;
  }
  throw new Error(`No free loopback port between ${LOWEST} and ${end}`);
}
