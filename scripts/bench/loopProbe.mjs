// Preloaded into the app under test (`node --import ./scripts/bench/loopProbe.mjs …`) by requestPath.mjs: does the
// process wait while requests are in flight? On SIGUSR2 it appends to $LOOP_PROBE_OUT what the event loop did since
// the previous SIGUSR2 (utilization, idle time with and without HTTP requests in flight, the event-loop delay
// histogram) and the monotonic time in µs, the clock of a --cpu-prof profile, so the profile can be cut to the window.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

let inFlight = 0;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') {
    inFlight++;
    args[1].once('close', () => inFlight--);
  }
  return emit.call(this, event, ...args);
};

// Every millisecond: the idle time since the last tick counts as "waiting with requests in flight" when requests
// were in flight at both ends of the tick.
let since = performance.eventLoopUtilization();
let last = since;
let wasInFlight = 0;
let idleInFlight = 0;
let idleNone = 0;
setInterval(() => {
  const now = performance.eventLoopUtilization();
  const { idle } = performance.eventLoopUtilization(now, last);
  last = now;
  if (inFlight > 0 && wasInFlight > 0) idleInFlight += idle;
  else idleNone += idle;
  wasInFlight = inFlight;
}, 1).unref();

process.on('SIGUSR2', () => {
  const window = performance.eventLoopUtilization(since);
  const ms = (ns) => Number((ns / 1e6).toFixed(2));
  const record = {
    atMicros: Number(process.hrtime.bigint() / 1_000n),
    utilization: Number(window.utilization.toFixed(3)),
    activeMs: Math.round(window.active),
    idleMs: Math.round(window.idle),
    idleWithRequestsInFlightMs: Math.round(idleInFlight),
    idleWithNoRequestMs: Math.round(idleNone),
    loopDelay: {
      mean: ms(delay.mean),
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    },
  };
  appendFileSync(process.env.LOOP_PROBE_OUT, `${JSON.stringify(record)}\n`);
  delay.reset();
  idleInFlight = 0;
  idleNone = 0;
  since = performance.eventLoopUtilization();
});
