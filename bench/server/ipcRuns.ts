/**
 * The child side of a load generator process (harness.ts's `ipcChild` is the bench's side):
 * long-lived, one run at a time, so a run costs no process start. The bench sends `{ id, spec }`
 * and gets `{ id, result }` or `{ id, error }` back; `{ type: 'ready' }` says the child listens.
 */
export function answerRuns<S, R>(run: (spec: S) => Promise<R>): void {
  process.on('message', (message: { id: number; spec: S }) => {
    run(message.spec).then(
      (result) => process.send?.({ id: message.id, result }),
      (error: unknown) =>
        process.send?.({
          id: message.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.({ type: 'ready' });
}
