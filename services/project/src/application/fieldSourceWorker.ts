import { serveJobs } from '@pmbok/infra/workers';
import { parseFieldSource } from './fieldSources.js';

/** The thread that parses pasted SQL and JSON (fieldSourcePool.ts); `exists` is set by the service after. */
serveJobs((job: { kind: string; text: string }) => parseFieldSource(job.kind, job.text, new Set()));
