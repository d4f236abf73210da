// The settings' shapes and defaults, apart from react-admin's store so that the login page's entry (issue 24) can
// read them without react-admin.

/** SPEC §3 Settings, kept in react-admin's store (local storage; logout clears it with the rest). */
export interface LayoutSettings {
  /** The primary colour. */
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

/** SPEC §9: the settings theme defaults to #409EFF; the other defaults keep the layout as it always was. */
export const DEFAULT_SETTINGS: LayoutSettings = {
  theme: '#409EFF',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

/** The preset colours of the theme picker. */
export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

export const isThemeColour = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** SPEC §2.4 size picker; §9 default size medium. */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type AppSize = (typeof SIZES)[number];
export const DEFAULT_SIZE: AppSize = 'medium';
