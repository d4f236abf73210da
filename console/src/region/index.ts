/** SPEC §3: the region tree, province > city > district, each with its GB/T 2260 six-digit code. */
export interface RegionNode {
  value: string;
  label: string;
  children?: RegionNode[];
}

/**
 * The shape of gateway/src/schemas/regions.json (written by scripts/regions.mjs; shared with the gateway, whose mock
 * server makes addresses and ID cards from it): [value, label, children?].
 */
export type CompactRegion = [string, string] | [string, string, CompactRegion[]];

export function expandRegions(compact: CompactRegion[]): RegionNode[] {
  return compact.map(([value, label, children]) =>
    children ? { value, label, children: expandRegions(children) } : { value, label },
  );
}

let loading: Promise<RegionNode[]> | undefined;

/** The tree, loaded on first use: 85 kB of names stay out of the bundles until a region field needs them. */
export function loadRegionTree(): Promise<RegionNode[]> {
  loading ??= import('../../../gateway/src/schemas/regions.json').then(
    (module) => expandRegions(module.default as CompactRegion[]),
    (error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return loading;
}

/** code → name of every province, city and district: a stored code shown as its name. */
export type RegionNames = ReadonlyMap<string, string>;

const namesOf = (nodes: RegionNode[]): [string, string][] =>
  nodes.flatMap((node) => [[node.value, node.label], ...namesOf(node.children ?? [])]);

let naming: Promise<RegionNames> | undefined;

/** The names of the tree (loaded as loadRegionTree loads it), built once. */
export function loadRegionNames(): Promise<RegionNames> {
  naming ??= loadRegionTree().then(
    (tree) => new Map(namesOf(tree)),
    (error: unknown) => {
      naming = undefined;
      throw error;
    },
  );
  return naming;
}
