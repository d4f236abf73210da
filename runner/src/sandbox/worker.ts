import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, SendAnswer, ToWorker, WorkerData } from './protocol.js';
import { ScriptRunner } from './run.js';
import { ScriptVm } from './vm.js';

// The sandbox's thread: QuickJS runs here, one script call at a time, so the main thread keeps serving while a
// script computes, and a thread whose QuickJS broke is ended and replaced without touching anything else.
const port = parentPort;
if (!port) throw new Error('the sandbox worker runs in a worker thread');
const { limits, clock } = workerData as WorkerData;
const vm = await ScriptVm.create(limits, clock);
vm.prepare();
const runner = new ScriptRunner(vm, limits);
const post = (message: FromWorker) => port.postMessage(message);

function payloadOf(answer: SendAnswer): string {
  if ('error' in answer) return JSON.stringify({ error: answer.error });
  const r = answer.response;
  return JSON.stringify({
    response: {
      code: r.status,
      status: r.statusText,
      headers: r.headers,
      body: r.raw ? new TextDecoder().decode(r.raw) : r.body,
      responseTime: r.totalMs,
      responseSize: r.size,
    },
  });
}

port.on('message', async (message: ToWorker) => {
  if (message.type === 'answer') {
    runner.answered(message.requestId, payloadOf(message.answer));
    return;
  }
  const { callId } = message;
  const output = await runner.run(message.input, (requestId, request) =>
    post({ type: 'send', callId, requestId, request }),
  );
  post({ type: 'done', callId, output });
});
post({ type: 'ready' });
