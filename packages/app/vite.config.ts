/**
 * The site's build. `npm run build` writes packages/app/dist for the Koa server to serve;
 * `npm run dev:mock` (mode "mock") runs it entirely on the MSW handlers; `npm run dev` proxies
 * /api to the real server on API_ORIGIN (default http://127.0.0.1:3000).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { mswWorkerPlugin } from '../../mocks/vitePlugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ mode }) => ({
  root,
  plugins: [react(), mode === 'mock' ? mswWorkerPlugin() : null],
  build: {
    outDir: 'dist',
    // Hashed chunks go to /static (cached for a year by the server); /assets holds shipped media.
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy:
      mode === 'mock' ? undefined : { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000', '/download': process.env.API_ORIGIN ?? 'http://127.0.0.1:3000' },
  },
}));
