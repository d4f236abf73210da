import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_WIDTH } from '../layout/sidebarWidth';

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

/** react-admin's light theme in the product's blue (SPEC §9: #1890ff) with the 210px sidebar that never shrinks. */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1890ff' },
    secondary: { main: '#304156' },
    background: { default: '#f0f2f5' },
  },
  typography: { ...defaultLightTheme.typography, fontFamily: FONT_FAMILY, button: { textTransform: 'none' } },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_WIDTH },
};
