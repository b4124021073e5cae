/**
 * A bench case that fails is recorded, not fatal: the report lists it under `errors` and the log
 * says so, and the other cases still run (bench/RESULTS.md, method).
 */
export type Attempt = <T>(what: string, fn: () => Promise<T>) => Promise<T | undefined>;

export function attempter(errors: string[], log: (line: string) => void): Attempt {
  return async (what, fn) => {
    try {
      return await fn();
    } catch (error) {
      const message = `${what}: ${error instanceof Error ? error.message : String(error)}`;
      errors.push(message);
      log(`  ! ${message}`);
      return undefined;
    }
  };
}
