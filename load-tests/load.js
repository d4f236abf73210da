// A realistic team day against pmbok: sign-ins, task board reads and moves, document reads and saves, mock calls
// and team messages, as arrival rates (requests keep coming whether or not the system keeps up, as users do).
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/load.js          # npm run load:load
//   DURATION (default 5m; CI runs 1m), RATE (scales every activity, default 1), TEAMS, MEMBERS, TASKS
//
// Ramps up over a fifth of the run, holds, ramps down over the last fifth. At RATE=1 the mix is about 20 activities
// a second (lib/mix.js WEIGHTS: board 6, documents 4, mock 8, messages 1, sign-ins 0.5), some 35 requests a second.
import { dayScenarios, dayThresholds, setupTeams } from './lib/mix.js';
import { ramp, seconds } from './lib/shape.js';
import { summary, trendStats } from './lib/summary.js';

export { board, docs, messages, mock, signin } from './lib/mix.js';

const total = seconds(__ENV.DURATION || '5m');
const edge = total / 5;

export const options = {
  scenarios: dayScenarios((rate) =>
    ramp(rate, [
      [1, edge],
      [1, total - 2 * edge],
      [0, edge],
    ]),
  ),
  // Registration hashes each password (Argon2id): leave room on a slow machine.
  setupTimeout: '180s',
  summaryTrendStats: trendStats,
  thresholds: { ...dayThresholds(), dropped_iterations: ['count<10'] },
};

export const setup = setupTeams;
export const handleSummary = summary('load');
