import { parentPort, workerData } from 'node:worker_threads';
import { PostmanFormatError, postmanToPlan } from '../postman/index.js';
import { collectionFileReader } from './collectionFiles.js';
import type { ThreadAnswer, ThreadInput } from './postmanPlan.js';

// A thread that turns a Postman collection into a plan and ends: the Postman SDK it loads (lodash, faker's data,
// mime tables …) goes with it instead of staying in the CLI's heap for the whole run.
const port = parentPort;
if (!port) throw new Error('the collection thread runs in a worker thread');
const { collection, environment, globals, folder } = workerData as ThreadInput;
let answer: ThreadAnswer;
try {
  answer = {
    converted: await postmanToPlan({ collection, environment, globals, readFile: collectionFileReader(folder) }),
  };
} catch (error) {
  answer = {
    failed: {
      format: error instanceof PostmanFormatError,
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    },
  };
}
port.postMessage(answer);
