/** A loopback port free right now, outside the kernel's ephemeral range (freePort.mjs). */
export declare function freePort(): Promise<number>;
