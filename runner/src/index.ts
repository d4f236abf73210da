export * from './model.js';
export * from './ports.js';
