import { useEffect, useState } from 'react';
import { loadRegionNames, type RegionNames } from '../region';

export type { RegionNames } from '../region';

/** Region names (SPEC §3 region tree), loaded only by screens that have a region column. */
export function useRegionNames(enabled: boolean): RegionNames | undefined {
  const [names, setNames] = useState<RegionNames>();
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadRegionNames()
      .then((result) => live && setNames(result))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return names;
}
