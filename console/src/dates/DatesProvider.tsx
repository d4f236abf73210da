import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { dayjsLocale } from './dayjs';

const zhTexts = zhCN.components.MuiLocalizationProvider.defaultProps.localeText;
const enTexts = enUS.components.MuiLocalizationProvider.defaultProps.localeText;
// dayjs's zh-cn names give 十一月 and '23 十一月': a Chinese calendar says 11月, 11月23日 and 2026年11月23日.
const zhFormats = {
  month: 'M月',
  monthShort: 'M月',
  shortDate: 'M月D日',
  normalDate: 'M月D日',
  normalDateWithWeekday: 'M月D日 ddd',
  fullDate: 'YYYY年M月D日',
  keyboardDate: 'YYYY-MM-DD',
  keyboardDateTime24h: 'YYYY-MM-DD HH:mm',
};

/** The calendar's month heading: 2026年11月 in Chinese (the default reads month then year). */
export const useCalendarHeaderFormat = (): string | undefined => {
  const [locale] = useLocaleState();
  return dayjsLocale(locale) === 'en' ? undefined : 'YYYY年M月';
};

/** MUI X pickers in the app's language (not the browser's); nesting it is harmless. */
export const DatesProvider = ({ children }: { children: ReactNode }) => {
  const [locale] = useLocaleState();
  const lang = dayjsLocale(locale);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      // en-gb: English words, the week from Monday (as in Chinese and the workspace calendar)
      adapterLocale={lang === 'en' ? 'en-gb' : lang}
      localeText={lang === 'en' ? enTexts : zhTexts}
      dateFormats={lang === 'en' ? undefined : zhFormats}
    >
      {children}
    </LocalizationProvider>
  );
};
