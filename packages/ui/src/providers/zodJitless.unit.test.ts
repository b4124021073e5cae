// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Where zod keeps its settings, shared by every copy of zod that loads. */
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const RealFunction = globalThis.Function;

describe('zod in the browser', () => {
  afterEach(() => {
    globalThis.Function = RealFunction;
    vi.unstubAllGlobals();
  });

  // Runs first, on a page that has loaded nothing: as in the production build, where the entry
  // (with the providers) holds no zod and every chunk with a schema loads after it.
  it('loads after the preset as jitless, so building and parsing the contract never tries `new Function`', async () => {
    expect((globalThis as WithZodConfig).__zod_globalConfig).toBeUndefined();
    const built: unknown[][] = [];
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: unknown[]) {
        built.push(args);
        return Reflect.construct(target, args) as object;
      },
    });

    const { presetZodJitless } = await import('./zodJitless');
    presetZodJitless();
    const { z } = await import('zod');
    const { Member } = await import('@prr/contract');

    expect(z.config().jitless).toBe(true);
    expect(Member.safeParse({}).success).toBe(false);
    expect(built).toEqual([]);
  });

  it('is set by the providers module as it loads', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    vi.resetModules();
    await import('./AppProviders');
    expect(z.config().jitless).toBe(true);
  });

  it('leaves zod as it is outside a browser', async () => {
    const { z } = await import('zod');
    z.config({ jitless: false });
    vi.stubGlobal('document', undefined);
    const { presetZodJitless } = await import('./zodJitless');
    presetZodJitless();
    expect(z.config().jitless).toBe(false);
  });
});
