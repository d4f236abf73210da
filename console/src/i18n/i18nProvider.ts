import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { zhCNCore } from './zhCore';

export const DEFAULT_LOCALE = 'zh-CN';

// Issue 24: the login page ships one message set, and only its core (react-admin's keys and the app's own, not
// every screen's). The screens' zh-CN messages arrive with the signed-in shell or a screen (loadScreenMessages);
// English is loaded whole on demand.
let zhComplete: TranslationMessages | null = null;
const getMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? import('./en').then((module) => module.en) : (zhComplete ?? zhCNCore);

const polyglot = polyglotI18nProvider(
  getMessages,
  DEFAULT_LOCALE,
  [
    { locale: 'zh-CN', name: '简体中文' },
    { locale: 'en', name: 'English' },
  ],
  // Server messages are shown through translate() too; unknown keys fall back to the text itself.
  { allowMissing: true },
);

// The last locale asked for: the complete zh-CN set replaces the core only if zh-CN is still the one wanted.
let wanted = DEFAULT_LOCALE;
export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: (locale, options) => {
    wanted = locale;
    return polyglot.changeLocale(locale, options);
  },
};

let screenMessages: Promise<void> | null = null;

/** The screens' zh-CN messages, once; awaited before the signed-in shell or a screen outside it renders. */
export function loadScreenMessages(): Promise<void> {
  screenMessages ??= import('./zh-CN').then(({ zhCN }) => {
    zhComplete = zhCN;
    if (wanted === DEFAULT_LOCALE) return polyglot.changeLocale(DEFAULT_LOCALE);
  });
  return screenMessages;
}
