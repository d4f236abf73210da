import compact from '../../schemas/regions.json' with { type: 'json' };

/** The province > city > district tree the console's region pickers use (GB/T 2260 six-digit codes). */
type CompactRegion = [string, string] | [string, string, CompactRegion[]];

export interface Region {
  code: string;
  name: string;
}

export interface District extends Region {
  province: string;
  /** The city's name; a municipality's districts carry the municipality's. */
  city: string;
}

export const provinces: Region[] = [];
export const cities: (Region & { province: string })[] = [];
export const districts: District[] = [];
/** Mainland districts only: a resident ID card's first six digits (Hong Kong, Macao and Taiwan issue none). */
export const idDistricts: District[] = [];

// Municipalities keep their districts under one "市辖区" city: the city is the municipality itself.
const placeholderCity = (name: string) => name === '市辖区' || name === '县' || name.endsWith('直辖县级行政区划');

for (const [code, name, children = []] of compact as CompactRegion[]) {
  provinces.push({ code, name });
  const mainland = Number(code.slice(0, 2)) <= 65;
  for (const [cityCode, cityName, grandChildren] of children) {
    const city = placeholderCity(cityName) ? name : cityName;
    if (!grandChildren) {
      // Two levels (Hong Kong, Macao): the child is a district of the province-level region.
      districts.push({ code: cityCode, name: cityName, province: name, city: name });
      continue;
    }
    if (city !== name || !cities.some((known) => known.name === name)) {
      cities.push({ code: cityCode, name: city, province: name });
    }
    for (const [districtCode, districtName] of grandChildren) {
      const district = { code: districtCode, name: districtName, province: name, city };
      districts.push(district);
      if (mainland) idDistricts.push(district);
    }
  }
}

export const BIG_REGIONS = ['华北', '华东', '华南', '华中', '西南', '西北', '东北'];
