export { createSandbox } from './sandbox.js';
