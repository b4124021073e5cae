/**
 * The floor under bin.ts's start-up: a process started the same way (node --import tsx, pinned)
 * that loads nothing and prints the same `listening` line at once (benchPostgres.ts, "start-up").
 */
process.stdout.write(`${JSON.stringify({ msg: 'listening', port: 0 })}\n`);
