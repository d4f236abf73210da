/** Types of regions.mjs for the console's tests. */
export type CompactRegion = [string, string] | [string, string, CompactRegion[]];
export function buildRegionTree(level: unknown[]): CompactRegion[];
