export { addressRange, allowedNetworksOf, isPublicAddress } from './address.js';
export { createHttpClient } from './client.js';
export { type FailureReason, HttpFailure, httpMessages } from './errors.js';
