export * from './data/index.js';
export * from './engine/index.js';
export * from './http/index.js';
export * from './model.js';
export * from './ports.js';
export * from './postman/index.js';
export * from './report/index.js';
