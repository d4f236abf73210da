export * from './model.js';
export * from './ports.js';
export * from './engine/index.js';
export * from './http/index.js';
