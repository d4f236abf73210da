// Spike: a whole company signs in at 9:00. From a quiet baseline the sign-ins and first reads jump within seconds
// to SPIKE times the day's rate, hold briefly, and fall back; the system must shed no requests beyond its rate
// limits and return to the normal day's latency afterwards.
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/spike.js         # npm run load:spike
//   SPIKE (default 10), HOLD (the spike's top, default 30s), AFTER (the baseline after it, default 1m),
//   RATE, TEAMS, MEMBERS, TASKS as in load.js
import { dayScenarios, dayThresholds, setupTeams } from './lib/mix.js';
import { ramp, seconds, steady } from './lib/shape.js';
import { summary, trendStats } from './lib/summary.js';

export { board, docs, messages, mock, signin } from './lib/mix.js';

const spike = Number(__ENV.SPIKE || 10);
const hold = seconds(__ENV.HOLD || '30s');
const after = seconds(__ENV.AFTER || '1m');
const before = 20;

export const options = {
  scenarios: {
    ...dayScenarios((rate) =>
      ramp(rate, [
        [0.5, before],
        [spike, 5],
        [spike, hold],
        [0.5, 5],
      ]),
    ),
    ...dayScenarios((rate) => steady(rate, 1, after, before + hold + 10 + 10), 'after'),
  },
  setupTimeout: '180s',
  summaryTrendStats: trendStats,
  // Through the spike nothing may fail; latency is bounded only once it has passed.
  thresholds: { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'], ...dayThresholds('phase:after') },
};

export const setup = setupTeams;
export const handleSummary = summary('spike');
