/** Time comes from a clock object so domain rules and tests can use a fake one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A settable clock for tests: starts at `start`, moves only when told to. */
export class FakeClock implements Clock {
  #ms: number;
  constructor(start: Date | string) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}
