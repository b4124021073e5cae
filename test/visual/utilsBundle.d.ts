/** The PNG codec (pngjs) playwright-core bundles and exports; only what baselines.test.ts uses. */
declare module 'playwright-core/lib/utilsBundle' {
  export const PNG: {
    sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } };
  };
}
