import { useStore } from 'react-admin';
import { type AppSize, DEFAULT_SETTINGS, DEFAULT_SIZE, isThemeColour, type LayoutSettings, SIZES } from './defaults';

export * from './defaults';

export function useSetting<K extends keyof LayoutSettings>(key: K) {
  return useStore<LayoutSettings[K]>(`settings.${key}`, DEFAULT_SETTINGS[key]);
}

/** The stored theme colour, or the default when the stored one is unusable. */
export function useThemeColour(): string {
  const [colour] = useSetting('theme');
  return isThemeColour(colour) ? colour : DEFAULT_SETTINGS.theme;
}

export function useAppSize(): [AppSize, (size: AppSize) => void] {
  const [size, setSize] = useStore<AppSize>('appState.size', DEFAULT_SIZE);
  return [SIZES.includes(size) ? size : DEFAULT_SIZE, setSize];
}
