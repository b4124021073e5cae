import { describe, expect, it } from 'vitest';
import { islandComponents, islandNameOf, type IslandName } from './components';
import { islandLoaders } from './loaders';

const names = Object.keys(islandComponents) as IslandName[];

describe('the islands registries', () => {
  it('name the same islands for the build and the browser', () => {
    expect(Object.keys(islandLoaders).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s: the browser loads the very root the build renders', async (name) => {
    expect(await islandLoaders[name]()).toBe(islandComponents[name].root);
  });

  it('find an island by the component a page puts in <Island>, and refuse one that is not registered', () => {
    for (const name of names) expect(islandNameOf(islandComponents[name].component)).toBe(name);
    expect(() => islandNameOf(() => null)).toThrow(/not in islands\/components\.ts/);
  });
});
