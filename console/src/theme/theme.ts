import type { ThemeOptions } from '@mui/material';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_WIDTH } from '../layout/dimensions';
import { type AppSize, DEFAULT_SETTINGS, DEFAULT_SIZE } from '../settings/defaults';
import { readableShade } from '../utils/contrast';
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
 * react-admin's light theme in the settings' primary colour (SPEC §9: #409EFF by default, in its readable shade) and size, with the
 * 210px sidebar that never shrinks.
 */
export function buildTheme(primary: string = DEFAULT_SETTINGS.theme, size: AppSize = DEFAULT_SIZE): RaThemeOptions {
  return {
    ...defaultLightTheme,
    palette: {
      ...defaultLightTheme.palette,
      // Text and white-on-colour at AA contrast (ADR 16): the chosen colour, or the shade of it that reads.
      primary: { main: readableShade(primary) },
      secondary: { main: '#304156' },
      error: { main: readableShade('#d32f2f') },
      warning: { main: readableShade('#ed6c02') },
      info: { main: readableShade('#0288d1') },
      success: { main: readableShade('#2e7d32') },
      background: { default: '#f0f2f5' },
      // MUI's 0.6 black reads 4.48:1 on the page grey
      text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.64)', disabled: 'rgba(0, 0, 0, 0.38)' },
      // unselected toggle buttons are written in it
      action: { ...defaultLightTheme.palette?.action, active: 'rgba(0, 0, 0, 0.64)' },
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
