// Soak: the day's mix at a steady rate for hours. Latency must not creep and the server's memory and open files
// must stay flat: a `watch` scenario samples the app's Prometheus listener (METRICS_URL, the gateway's
// METRICS_PORT, default http://127.0.0.1:9464/metrics) every SAMPLE seconds and bounds their growth over the run.
//
//   k6 run -e BASE_URL=http://localhost:8080 -e DURATION=2h load-tests/soak.js     # npm run load:soak
//   DURATION (default 30m), SAMPLE (default 30), RATE, TEAMS, MEMBERS, TASKS as in load.js
//
// The first sample is taken after the warm-up (a tenth of the run), so start-up growth is not counted.
import { check, sleep } from 'k6';
import http from 'k6/http';
import { Gauge } from 'k6/metrics';
import { dayScenarios, dayThresholds, setupTeams } from './lib/mix.js';
import { seconds, steady } from './lib/shape.js';
import { summary, trendStats } from './lib/summary.js';

export { board, docs, messages, mock, signin } from './lib/mix.js';

const total = seconds(__ENV.DURATION || '30m');
const sample = Number(__ENV.SAMPLE || 30);
const METRICS_URL = __ENV.METRICS_URL || 'http://127.0.0.1:9464/metrics';

const rssGrowth = new Gauge('server_rss_growth_mb');
const fdGrowth = new Gauge('server_open_fds_growth');
const heapUsed = new Gauge('server_heap_used_mb');

export const options = {
  scenarios: {
    ...dayScenarios((rate) => steady(rate, 1, total)),
    watch: { executor: 'constant-vus', vus: 1, duration: `${total}s`, exec: 'watch', gracefulStop: '0s' },
  },
  setupTimeout: '180s',
  summaryTrendStats: trendStats,
  thresholds: {
    ...dayThresholds(),
    // memory may settle into its working size; a leak grows with the run
    server_rss_growth_mb: [`value<${Number(__ENV.RSS_GROWTH_MB || 150)}`],
    server_open_fds_growth: ['value<50'],
  },
};

function scrape() {
  const res = http.get(METRICS_URL, { tags: { name: 'metrics', kind: 'watch' } });
  if (!check(res, { 'the metrics listener answers': (r) => r.status === 200 })) return null;
  const value = (name) => {
    const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Number(line.split(' ')[1]) : Number.NaN;
  };
  return {
    rss: value('process_resident_memory_bytes') / 2 ** 20,
    fds: value('process_open_fds'),
    heap: value('nodejs_heap_size_used_bytes') / 2 ** 20,
  };
}

let first = null;
export function watch() {
  if (first === null) {
    sleep(Math.max(1, total / 10));
    first = scrape();
    return;
  }
  sleep(sample);
  const now = scrape();
  if (!now || !first) return;
  rssGrowth.add(now.rss - first.rss);
  fdGrowth.add(now.fds - first.fds);
  heapUsed.add(now.heap);
}

export const setup = setupTeams;
export const handleSummary = summary('soak');
