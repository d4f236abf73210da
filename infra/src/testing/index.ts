export * from './blobStoreContract.js';
export * from './decider.js';
export * from './eventBusContract.js';
export * from './eventStoreContract.js';
export * from './readStoreContract.js';
export * from './realtimeContract.js';
