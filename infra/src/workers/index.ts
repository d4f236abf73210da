// The thread side only: a worker script imports `@pmbok/infra/workers` so that it starts without loading the
// whole infra package (storage drivers, gRPC, Kafka), which would slow every replacement of a thread.
export * from './host.js';
