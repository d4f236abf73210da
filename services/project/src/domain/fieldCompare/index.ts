export * from './fixes.js';
export * from './naming.js';
export * from './report.js';
export * from './walk.js';
