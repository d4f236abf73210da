import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { THEME_PRESETS } from '../src/settings/settings';
import { readableShade, SURFACES } from '../src/utils/contrast';

describe('readableShade (text in the theme colour reads at AA)', () => {
  it('darkens each preset until it reads 4.5:1 on white and on the page grey, and no further than needed', () => {
    for (const preset of THEME_PRESETS) {
      const shade = readableShade(preset);
      for (const surface of SURFACES) expect(getContrastRatio(shade, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // no darker than needed: the page grey's ratio stays near the 4.5 line
    expect(getContrastRatio(readableShade('#409EFF'), '#f0f2f5')).toBeLessThan(4.8);
    expect(readableShade('#212121')).toBe('#212121');
    expect(readableShade('#409EFF')).not.toBe('#409EFF');
  });
});

/** Every .tsx under a folder. */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.tsx') ? [join(dir, entry.name)] : [],
  );

describe('no text in the disabled grey (ADR 16: it reads 2.7:1)', () => {
  it('writes no Typography in text.disabled', () => {
    const offenders = sources(join(__dirname, '../src')).filter((file) =>
      /<Typography[^>]*color="text\.disabled"/s.test(readFileSync(file, 'utf8').replace(/>\s*[^<]*</g, '><')),
    );
    expect(offenders).toEqual([]);
  });
});
