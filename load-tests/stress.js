// Stress: the day's mix climbs past the expected peak to find where latency and errors break, then drops back to
// the normal rate, which must be served as well as before (the recovery holds the day's thresholds).
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/stress.js        # npm run load:stress
//   PEAK (multiple of the day's rate at the top, default 5), DURATION (the climb, default 4m), RECOVERY (default
//   1m), RATE, TEAMS, MEMBERS, TASKS as in load.js
//
// During the climb only errors are bounded (under 5 %: past the peak the system may slow down, not fall over);
// the recovery's requests are tagged phase:recovery and held to the normal day's thresholds.
import { dayScenarios, dayThresholds, setupTeams } from './lib/mix.js';
import { ramp, seconds, steady } from './lib/shape.js';
import { summary, trendStats } from './lib/summary.js';

export { board, docs, messages, mock, signin } from './lib/mix.js';

const peak = Number(__ENV.PEAK || 5);
const climb = seconds(__ENV.DURATION || '4m');
const recovery = seconds(__ENV.RECOVERY || '1m');

export const options = {
  scenarios: {
    ...dayScenarios((rate) =>
      ramp(rate, [
        [1, climb / 4],
        [peak / 2, climb / 4],
        [peak, climb / 4],
        [peak, climb / 4],
      ]),
    ),
    // a pause to drain the queue the peak left, then the normal rate again
    ...dayScenarios((rate) => steady(rate, 1, recovery, climb + 15), 'recovery'),
  },
  setupTimeout: '180s',
  summaryTrendStats: trendStats,
  thresholds: { http_req_failed: ['rate<0.05'], ...dayThresholds('phase:recovery') },
};

export const setup = setupTeams;
export const handleSummary = summary('stress');
