import { STATE_NAMES } from '@prr/contract';
import topology from 'us-atlas/states-10m.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { MAP_HEIGHT, MAP_WIDTH } from '../mapRules';
import { buildStateShapes, isStatesTopology, readStateShapes } from './buildStateShapes';

describe('isStatesTopology', () => {
  it('accepts us-atlas states-10m.json', () => {
    expect(isStatesTopology(topology)).toBe(true);
  });

  it.each([
    null,
    'Topology',
    {},
    { type: 'Topology', arcs: [], objects: {} },
    { type: 'FeatureCollection', features: [] },
  ])('rejects %j', (value) => {
    expect(isStatesTopology(value)).toBe(false);
  });
});

describe('buildStateShapes', () => {
  const data: unknown = topology;
  if (!isStatesTopology(data)) throw new Error('fixture is not a topology');
  const shapes = buildStateShapes(data);

  it('draws the 50 states and DC, and none of the territories', () => {
    expect(shapes.map((s) => s.name).sort()).toEqual([...STATE_NAMES].sort());
    expect(shapes.every((s) => s.d.startsWith('M'))).toBe(true);
  });

  it('places every state, Alaska and Hawaii included, inside the 900 by 500 box', () => {
    for (const shape of shapes) {
      const [x, y] = shape.centroid;
      expect(x, shape.name).toBeGreaterThan(0);
      expect(x, shape.name).toBeLessThan(MAP_WIDTH);
      expect(y, shape.name).toBeGreaterThan(0);
      expect(y, shape.name).toBeLessThan(MAP_HEIGHT);
    }
  });

  it('puts Alaska and Hawaii as insets at the bottom left, below the lower 48', () => {
    const at = (code: string) => shapes.find((s) => s.code === code)?.centroid ?? [NaN, NaN];
    const [akX, akY] = at('AK');
    const [hiX, hiY] = at('HI');
    const [, waY] = at('WA');
    expect(akY).toBeGreaterThan(MAP_HEIGHT * 0.6);
    expect(hiY).toBeGreaterThan(MAP_HEIGHT * 0.6);
    expect(akX).toBeLessThan(MAP_WIDTH * 0.3);
    expect(hiX).toBeLessThan(MAP_WIDTH * 0.45);
    expect(waY).toBeLessThan(akY);
  });
});

describe('readStateShapes (what the worker answers)', () => {
  const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

  it("reads the file's bytes into the 51 shapes", () => {
    const result = readStateShapes(bytesOf(JSON.stringify(topology)));
    expect(result.ok && result.shapes).toHaveLength(STATE_NAMES.length);
  });

  it('names a file that is not JSON', () => {
    expect(readStateShapes(bytesOf('<!doctype html>'))).toEqual({ ok: false, code: 'not-json' });
  });

  it('names JSON that is not a states topology', () => {
    expect(readStateShapes(bytesOf('{"type":"FeatureCollection"}'))).toEqual({ ok: false, code: 'not-a-topology' });
  });
});
