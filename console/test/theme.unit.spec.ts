import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, DEFAULT_SIZE, isThemeColour, SIZES, THEME_PRESETS } from '../src/settings/settings';
import { DENSITIES } from '../src/theme/sizes';
import { buildTheme } from '../src/theme/theme';
import { readableShade } from '../src/utils/contrast';

const defaults = (theme: ReturnType<typeof buildTheme>, component: string) =>
  (theme.components as Record<string, { defaultProps?: Record<string, unknown> }>)[component]?.defaultProps;

describe('the settings (SPEC §3, §9)', () => {
  it('default to #409EFF among the presets, the medium size, and the layout as it was', () => {
    expect(DEFAULT_SETTINGS).toEqual({ theme: '#409EFF', tagsView: true, fixedHeader: true, sidebarLogo: true });
    expect(THEME_PRESETS[0]).toBe('#409EFF');
    expect(THEME_PRESETS.every(isThemeColour)).toBe(true);
    expect(SIZES).toEqual(['default', 'medium', 'small', 'mini']);
    expect(DEFAULT_SIZE).toBe('medium');
  });

  it('accept only six-digit hex colours from the store', () => {
    expect(isThemeColour('#11a983')).toBe(true);
    expect(isThemeColour('red')).toBe(false);
    expect(isThemeColour('#fff')).toBe(false);
    expect(isThemeColour(undefined)).toBe(false);
  });
});

describe('the theme the settings describe', () => {
  it('takes the theme colour as primary, in the shade text reads in (ADR 16)', () => {
    expect(buildTheme('#f5222d', 'medium').palette?.primary).toEqual({ main: 'rgb(213, 29, 39)' });
    expect(buildTheme().palette?.primary).toEqual({ main: readableShade('#409EFF') });
    // a colour that already reads stays as chosen
    expect(buildTheme('#304156').palette?.primary).toEqual({ main: '#304156' });
  });

  it('keeps react-admin’s look at the medium size', () => {
    const theme = buildTheme('#409EFF', 'medium');
    expect(theme.typography).toMatchObject({ fontSize: 14 });
    expect(defaults(theme, 'MuiTextField')).toEqual({
      variant: 'filled',
      margin: 'dense',
      size: 'small',
      fullWidth: true,
    });
    expect(defaults(theme, 'MuiButton')).toEqual({ size: 'medium' });
    expect(defaults(theme, 'MuiTable')).toEqual({ size: 'medium' });
  });

  it('grows towards default and shrinks towards mini', () => {
    const fontSizes = SIZES.map((size) => DENSITIES[size].fontSize);
    expect(fontSizes).toEqual([...fontSizes].sort((a, b) => b - a));
    expect(defaults(buildTheme(undefined, 'default'), 'MuiButton')).toEqual({ size: 'large' });
    expect(defaults(buildTheme(undefined, 'default'), 'MuiTextField')).toMatchObject({
      size: 'medium',
      variant: 'filled',
    });
    const mini = buildTheme(undefined, 'mini');
    expect(mini.typography).toMatchObject({ fontSize: 12 });
    expect(defaults(mini, 'MuiButton')).toEqual({ size: 'small' });
    expect(defaults(mini, 'MuiTable')).toEqual({ size: 'small' });
    expect(defaults(mini, 'MuiMenuItem')).toEqual({ dense: true });
    // react-admin's own settings of a component survive next to ours
    expect(defaults(mini, 'MuiAutocomplete')).toEqual({ fullWidth: true, size: 'small' });
  });

  it('keeps the 210px sidebar that never shrinks', () => {
    expect(buildTheme().sidebar).toEqual({ width: 210, closedWidth: 210 });
  });
});
