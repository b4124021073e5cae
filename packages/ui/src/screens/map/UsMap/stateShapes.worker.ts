/**
 * Parses and projects the map's shapes file off the main thread (stateShapes.ts sends the bytes,
 * buildStateShapes.ts does the work) and answers with the shapes or why they could not be read.
 */
import { readStateShapes } from './buildStateShapes';

addEventListener('message', (event: MessageEvent<ArrayBuffer>) => {
  postMessage(readStateShapes(event.data));
});
