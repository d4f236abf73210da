import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { zhCN } from './zh-CN';

export const DEFAULT_LOCALE = 'zh-CN';

// English is loaded on demand so the default (Chinese) login page ships one message set.
const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? import('./en').then((module) => module.en) : zhCN;

export const i18nProvider = polyglotI18nProvider(
  getMessages,
  DEFAULT_LOCALE,
  [
    { locale: 'zh-CN', name: '简体中文' },
    { locale: 'en', name: 'English' },
  ],
  // Server messages are shown through translate() too; unknown keys fall back to the text itself.
  { allowMissing: true },
);
