import type { ThemeOptions } from '@mui/material';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_WIDTH } from '../layout/dimensions';
import { type AppSize, DEFAULT_SETTINGS, DEFAULT_SIZE } from '../settings/settings';
import { DENSITIES, densityComponents } from './sizes';

const FONT_FAMILY = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

type Components = NonNullable<ThemeOptions['components']>;

/** react-admin's component settings with ours on top, default props merged rather than replaced. */
function mergeComponents(base: Components, extra: Components): Components {
  const merged: Record<string, unknown> = { ...base };
  for (const [name, settings] of Object.entries(extra) as [string, { defaultProps?: object }][]) {
    const existing = (base as Record<string, { defaultProps?: object } | undefined>)[name];
    merged[name] = { ...existing, ...settings, defaultProps: { ...existing?.defaultProps, ...settings.defaultProps } };
  }
  return merged as Components;
}

/**
 * react-admin's light theme in the settings' primary colour (SPEC §9: #409EFF by default) and size, with the
 * 210px sidebar that never shrinks.
 */
export function buildTheme(primary: string = DEFAULT_SETTINGS.theme, size: AppSize = DEFAULT_SIZE): RaThemeOptions {
  return {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      primary: { main: primary },
      secondary: { main: '#304156' },
      background: { default: '#f0f2f5' },
    },
    typography: {
      ...defaultLightTheme.typography,
      fontFamily: FONT_FAMILY,
      fontSize: DENSITIES[size].fontSize,
      button: { textTransform: 'none' },
    },
    components: mergeComponents(defaultLightTheme.components ?? {}, densityComponents(size) ?? {}),
    sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_WIDTH },
  };
}
