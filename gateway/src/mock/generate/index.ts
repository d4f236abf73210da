/**
 * The mock's data generation (docs/api/mock-and-fields.md): JSON Schemas and Mock.js templates compiled once into
 * closures, run per request under a seed, a deadline and the size limits. Compiling never throws for a document's
 * problem: the compiled generator throws the MockDocumentError when run, so a caller may cache it either way.
 */

export type { JsonSchema, MockField } from '@pmbok/project-service/mock-index';
export * from './api.js';
export { valueForName } from './name.js';
export { compileSchema } from './schema.js';
export { compileTemplate, isTemplate } from './template.js';
