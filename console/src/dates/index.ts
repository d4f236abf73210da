// The console's one date module: display helpers (Chinese conventions whatever the browser says) and pickers.

export { DatesProvider } from './DatesProvider';
export { type AppLocale, dayjs, dayjsLocale } from './dayjs';
export * from './format';
export * from './pickers';
