// One configured dayjs for the console: the plugins the helpers and pickers need, both locales loaded.
// The global locale is never changed; every helper names its locale, so output never follows the browser.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
// English pickers start the week on Monday, as the Chinese ones and the workspace calendar do
import 'dayjs/locale/en-gb';

dayjs.extend(customParseFormat);
dayjs.extend(localizedFormat);

/** The app's language ('zh-CN', 'en') as a dayjs locale name. */
export type AppLocale = string;
export const dayjsLocale = (locale: AppLocale | undefined): 'zh-cn' | 'en' =>
  locale?.toLowerCase().startsWith('en') ? 'en' : 'zh-cn';

export type { Dayjs } from 'dayjs';
export { dayjs };
