import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { dayjsLocale } from './dayjs';

const zhTexts = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;
const enTexts = enUS.components.MuiLocalizationProvider.defaultProps.localeText;
// dayjs's zh-cn month names read 十一月 2026 in the calendar header: a Chinese calendar says 2026年11月.
const zhFormats = { monthAndYear: 'YYYY年M月', monthShort: 'M月', month: 'M月' };

/** MUI X pickers in the app's language (not the browser's); nesting it is harmless. */
export const DatesProvider = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const lang = dayjsLocale(locale);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={lang}
      localeText={lang === 'en' ? enTexts : zhTexts}
      dateFormats={lang === 'en' ? undefined : zhFormats}
    >
      {children}
    </LocalizationProvider>
  );
};
