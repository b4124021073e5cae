/**
 * zod in the browser runs without its JIT. zod 4 decides whether it may compile parsers with
 * `new Function` by trying it once, as its first object schema is built; under the site's CSP
 * (`script-src 'self'`) that try is a violation, which Firefox logs as an error although zod
 * catches it. `jitless` skips the try, but only if it is set before that first schema is built.
 *
 * The contract's schemas are built as their chunk loads, and which page's chunk builds them first
 * depends on the page and on the order the bundler gives the modules. So the setting is made here,
 * from the entry, before any chunk with zod loads. zod keeps its settings in
 * `globalThis.__zod_globalConfig` so that every copy of zod shares them, and takes an object left
 * there before it loads as its settings: filling it in is `z.config({ jitless: true })` ahead of
 * time, without putting zod itself in the entry. The server never loads this and keeps the JIT.
 */
import type { $ZodConfig } from 'zod/v4/core';

type WithZodConfig = typeof globalThis & { __zod_globalConfig?: $ZodConfig };

/** Turns jitless on in zod's settings, in the browser only; zod finds them there when it loads. */
export function presetZodJitless(): void {
  if (typeof document === 'undefined') return;
  const settings = ((globalThis as WithZodConfig).__zod_globalConfig ??= {});
  settings.jitless = true;
}
