/**
 * What a field's name and type may be, without dependencies: the SQL/JSON parsing thread imports it
 * (application/fieldSourceWorker.ts) and starts without loading the service's infrastructure.
 */
export const FIELD_TYPES = ['string', 'integer', 'number', 'boolean', 'array', 'object'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const NAME_MAX = 64;

/** The field's name as its library keeps it unique. */
export const nameKeyOf = (name: string) => name.toLowerCase();
