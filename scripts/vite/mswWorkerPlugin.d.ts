import type { Plugin } from 'vite';
export declare function mswWorkerPlugin(): Plugin;
