// SPEC §5 "Helper validators". Predicates only: forms turn them into messages next to their fields.

/** A link leaving the app: http(s), mailto or tel. */
export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:)/.test(path);

/** A name of Chinese characters, letters, digits and underscores. */
export const isName = (value: string): boolean => /^[\u4e00-\u9fa5A-Za-z0-9_]+$/.test(value);

const PASSWORD_MINIMUM = 8; // SPEC §9
const PASSWORD_CLASSES = [/[A-Za-z]/, /\d/, /[!@#$%^&*]/];

/** At least 8 characters, each a letter, a digit or one of !@#$%^&*, mixing at least two of the three kinds. */
export function isMixedPassword(value: string): boolean {
  if (value.length < PASSWORD_MINIMUM || !/^[A-Za-z\d!@#$%^&*]+$/.test(value)) return false;
  return PASSWORD_CLASSES.filter((kind) => kind.test(value)).length >= 2;
}

export const isEmail = (value: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

export const isString = (value: unknown): value is string => typeof value === 'string' || value instanceof String;

export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
