/**
 * From us-atlas's TopoJSON to ready-to-draw SVG paths: Albers USA (Alaska and Hawaii as insets)
 * fitted to the 900 by 500 box, keeping only the 50 states and DC (the file also has Puerto Rico and
 * other territories, which Albers USA cannot place). The browser runs this in a worker
 * (stateShapes.worker.ts): parsing and projecting the file is the map's heaviest work, kept off the
 * thread that answers a visitor's taps.
 */
import { stateCodeFor, type StateCode } from '@prr/contract';
import { geoAlbersUsa, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { MAP_HEIGHT, MAP_WIDTH } from '../mapRules';

export interface StateShape {
  code: StateCode;
  name: string;
  /** SVG path data in viewBox units. */
  d: string;
  /** Where the hover card goes when the state has keyboard focus. */
  centroid: [number, number];
}

/** The names are checked where they are read, so the type claims nothing about them. */
type StatesTopology = Topology<{ states: GeometryCollection<{ name?: unknown }> }>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A real check of the fetched JSON rather than a cast: a wrong file fails loudly, not with NaNs. */
export function isStatesTopology(value: unknown): value is StatesTopology {
  if (!isObject(value) || value.type !== 'Topology' || !Array.isArray(value.arcs)) return false;
  const objects = value.objects;
  if (!isObject(objects)) return false;
  const states = objects.states;
  return isObject(states) && states.type === 'GeometryCollection' && Array.isArray(states.geometries);
}

/** Small margin so coastlines and the focus outline are not cut by the box's edge. */
const MARGIN = 8;

export function buildStateShapes(topology: StatesTopology): StateShape[] {
  const collection = feature(topology, topology.objects.states);
  const known: { feature: Feature<Geometry, { name?: unknown }>; code: StateCode; name: string }[] = [];
  for (const item of collection.features) {
    const name = item.properties?.name;
    const code = typeof name === 'string' ? stateCodeFor(name) : undefined;
    if (typeof name === 'string' && code) known.push({ feature: item, code, name });
  }
  const fitted: FeatureCollection = { type: 'FeatureCollection', features: known.map((k) => k.feature) };
  const projection = geoAlbersUsa().fitExtent(
    [
      [MARGIN, MARGIN],
      [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
    ],
    fitted,
  );
  const path = geoPath(projection);
  return known.map(({ feature: shape, code, name }) => ({
    code,
    name,
    d: path(shape) ?? '',
    centroid: path.centroid(shape),
  }));
}

/** Why the shapes file could not be drawn. */
export type ShapesFailure = 'not-json' | 'not-a-topology';

export type ShapesResult = { ok: true; shapes: StateShape[] } | { ok: false; code: ShapesFailure };

/** The shapes file's bytes, read as a states topology and projected, or why not. */
export function readStateShapes(bytes: ArrayBuffer): ShapesResult {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, code: 'not-json' };
  }
  if (!isStatesTopology(json)) return { ok: false, code: 'not-a-topology' };
  return { ok: true, shapes: buildStateShapes(json) };
}
