// Live connections: thousands of sockets signed in to the team's channel, beating every 15 s, while members post
// to the channel; every socket measures how long each post took to reach it (the post carries its send time; k6
// runs on one clock).
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/ws.js            # npm run load:ws
//   SOCKETS (default 2000), RAMP (time to open them, default 30s), DURATION (held open, default 1m),
//   POSTS (posts a second, default 1), MEMBERS (accounts the sockets share, default 20)
//
// Both sides need open files for the sockets: `ulimit -n 65536` before starting the app and k6.
import { check, fail } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import { clearInterval, setInterval, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { api, codeIs200, healthy, team, WS_URL } from './lib/api.js';
import { seconds } from './lib/shape.js';
import { summary, trendStats } from './lib/summary.js';

const SOCKETS = Number(__ENV.SOCKETS || 2000);
const ramp = seconds(__ENV.RAMP || '30s');
const hold = seconds(__ENV.DURATION || '1m');
const POSTS = Number(__ENV.POSTS || 1);
const MARK = 'k6-push ';

const pushLatency = new Trend('push_latency', true);
const pushes = new Counter('pushes_received');
const signedIn = new Rate('ws_signed_in');

export const options = {
  scenarios: {
    sockets: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { target: SOCKETS, duration: `${ramp}s` },
        { target: SOCKETS, duration: `${hold}s` },
      ],
      gracefulRampDown: '5s',
      gracefulStop: '20s',
    },
    // posts start once the sockets are open, and stop before they close
    posts: {
      executor: 'constant-arrival-rate',
      exec: 'post',
      rate: Math.max(1, Math.round(POSTS * 60)),
      timeUnit: '1m',
      startTime: `${ramp}s`,
      duration: `${Math.max(1, hold - 10)}s`,
      preAllocatedVUs: 2,
      maxVUs: 20,
    },
  },
  setupTimeout: '180s',
  summaryTrendStats: trendStats,
  thresholds: {
    ws_signed_in: ['rate>0.99'],
    ws_connecting: ['p(95)<1000'],
    push_latency: ['p(95)<500'],
    pushes_received: [`count>${Math.floor(SOCKETS * 0.5)}`],
    'http_req_failed{kind:write}': ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

export function setup() {
  healthy();
  return team(Number(__ENV.MEMBERS || 20), { tasks: 0, name: 'k6 实时' });
}

/** One socket: signs in with its first message, beats, measures posts, and closes at the end of the run. */
export default function (data) {
  const person = data.people[__VU % data.people.length];
  const socket = new WebSocket(`${WS_URL}?teamId=${data.teamId}`);
  let beat = null;
  let authenticated = false;
  socket.onopen = () => socket.send(JSON.stringify({ code: 200000, token: person.token }));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (!authenticated) {
      authenticated = true;
      signedIn.add(message.code === 200);
      if (message.code !== 200) {
        console.warn(`refused: ${event.data}`);
        return socket.close();
      }
      beat = setInterval(() => socket.send('{"code":200001,"data":{}}'), 15_000);
      return;
    }
    const content = message.code === 200500 ? message.data?.message?.content : null;
    if (typeof content === 'string' && content.startsWith(MARK)) {
      pushes.add(1);
      pushLatency.add(Date.now() - Number(content.slice(MARK.length)));
    }
  };
  socket.onerror = (e) => {
    if (!authenticated) signedIn.add(false);
    fail(`socket error: ${e.error}`);
  };
  socket.onclose = () => beat && clearInterval(beat);
  // held until the end of the run (the executor stops the VU then), or HOLD for a VU started late
  setTimeout(() => socket.close(), (ramp + hold) * 1000);
}

/** A member posts to the team channel, the send time in the text. */
export function post(data) {
  const person = data.people[Math.floor(Math.random() * data.people.length)];
  const answer = api(
    'chat/post',
    { teamId: data.teamId, conversationId: `team-${data.teamId}`, content: `${MARK}${Date.now()}` },
    person.token,
    'write',
  );
  check(answer.envelope, { 'chat/post is posted': codeIs200 });
}

export const handleSummary = summary('ws');
