/**
 * The map's state shapes on the main thread: the file is fetched here (so the mocks answer it in
 * stories and tests) and handed to a worker to parse and project (buildStateShapes.ts). Where there
 * is no worker (jsdom), the same code runs in place, loaded only then.
 */
import { useQuery } from '@tanstack/react-query';
import { topologyUrl } from '../mapAssets';
import type { ShapesResult, StateShape } from './buildStateShapes';

export type { StateShape } from './buildStateShapes';

export class StateShapesError extends Error {
  constructor(
    readonly code: 'unavailable' | Extract<ShapesResult, { ok: false }>['code'],
    detail: string,
  ) {
    super(`Map shapes: ${detail}`);
    this.name = 'StateShapesError';
  }
}

function readInWorker(bytes: ArrayBuffer): Promise<ShapesResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./stateShapes.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<ShapesResult>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new StateShapesError('unavailable', `the worker failed (${event.message})`));
    });
    // Transferred, not copied: the ~115 kB file moves to the worker.
    worker.postMessage(bytes, [bytes]);
  });
}

async function readInPlace(bytes: ArrayBuffer): Promise<ShapesResult> {
  const { readStateShapes } = await import('./buildStateShapes');
  return readStateShapes(bytes);
}

export async function fetchStateShapes(): Promise<StateShape[]> {
  const response = await fetch(topologyUrl);
  if (!response.ok) throw new StateShapesError('unavailable', `${response.status} ${response.statusText}`);
  const bytes = await response.arrayBuffer();
  const result = await (typeof Worker === 'function' ? readInWorker(bytes) : readInPlace(bytes));
  if (!result.ok) throw new StateShapesError(result.code, `the file is not a US states topology (${result.code})`);
  return result.shapes;
}

/** Cached for the whole visit: the shapes never change, so a second visit to /map draws at once. */
export function useStateShapes() {
  return useQuery({
    queryKey: [topologyUrl],
    // No abort signal: the map remounting while the file downloads (a suspending sibling) would
    // cancel it and download the ~115 kB again; a started download is always worth finishing.
    queryFn: fetchStateShapes,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
