import { type ReactNode, useMemo } from 'react';
import { ThemeProvider, ThemesContext } from 'react-admin';
import { useAppSize, useThemeColour } from '../settings/settings';
import { buildTheme } from './theme';

/** react-admin's theme provider fed with the theme the settings describe; changes apply at once. */
export const AppThemes = ({ children }: { children: ReactNode }) => {
  const colour = useThemeColour();
  const [size] = useAppSize();
  const themes = useMemo(() => ({ lightTheme: buildTheme(colour, size), darkTheme: undefined }), [colour, size]);
  return (
    <ThemesContext.Provider value={themes}>
      <ThemeProvider>{children}</ThemeProvider>
    </ThemesContext.Provider>
  );
};
