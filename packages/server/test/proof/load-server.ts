/**
 * The server under load, in its own process so its memory is its own: load.lowdb.test.ts runs this with
 * `node --expose-gc --import tsx` and talks to it over the IPC channel only (no HTTP endpoint is
 * added to the app). Messages: 'memory' -> a few full GCs, then process.memoryUsage(); 'close' ->
 * drain, flush and exit. The app is the real createApp over a temporary copy of db.json
 * (test/helpers.ts), with rate limits raised: 50 clients share one IP here.
 */
import { startTestServer, testRateLimits } from '../helpers.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc || !process.send) throw new Error('run with --expose-gc and an IPC channel');
const send = (message: unknown): void => void process.send!(message);

/** Several full GCs with a turn of the event loop between them, so what one releases the next collects. */
async function collect(): Promise<void> {
  for (let i = 0; i < 4; i += 1) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Every limiter (joins, sign-ins, logins) out of reach: 50 clients share one IP here.
const server = await startTestServer({ config: { rateLimits: testRateLimits({}, 1_000_000) } });

// One message at a time: a measurement never overlaps another, nor the close.
let queue = Promise.resolve();
process.on('message', (message: { type: string; id?: number }) => {
  queue = queue.then(async () => {
    if (message.type === 'memory') {
      await collect();
      send({ type: 'memory', id: message.id, usage: process.memoryUsage() });
    } else if (message.type === 'close') {
      await server.close();
      process.exit(0);
    }
  });
});

send({ type: 'ready', baseUrl: server.baseUrl, file: server.file });
