/**
 * Where the US state shapes are served from. `?url` makes Vite ship us-atlas's states-10m.json as a
 * file of this site (hashed in the build, never a CDN) and gives its address, so the ~115 KB of
 * geometry is fetched only when the map is drawn. Kept apart from the map so stories and tests can
 * answer that address without loading d3.
 */
import statesTopologyUrl from 'us-atlas/states-10m.json?url';

export const topologyUrl: string = statesTopologyUrl;
