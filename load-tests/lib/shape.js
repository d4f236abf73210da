// Durations and arrival-rate shapes shared by the scripts. k6 takes whole targets, so rates are per minute.

/** "90s", "5m", "2h" → seconds. */
export function seconds(text) {
  const match = /^(\d+)(s|m|h)$/.exec(String(text));
  if (!match) throw new Error(`a duration such as 90s, 5m or 2h, not ${text}`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2]];
}

/** A ramping-arrival-rate scenario for an activity of `perSecond`, through stages of [multiple, seconds]. */
export function ramp(perSecond, stages, extra = {}) {
  return {
    executor: 'ramping-arrival-rate',
    startRate: 0,
    timeUnit: '1m',
    preAllocatedVUs: Math.max(2, Math.ceil(perSecond * 2)),
    maxVUs: Math.max(10, Math.ceil(perSecond * 40)),
    stages: stages.map(([multiple, s]) => ({
      target: Math.round(perSecond * multiple * 60),
      duration: `${Math.max(1, Math.round(s))}s`,
    })),
    gracefulStop: '10s',
    ...extra,
  };
}

/** A constant-arrival-rate scenario at `perSecond` × `multiple` for `s` seconds, starting at `start` seconds. */
export function steady(perSecond, multiple, s, start = 0) {
  return {
    executor: 'constant-arrival-rate',
    rate: Math.max(1, Math.round(perSecond * multiple * 60)),
    timeUnit: '1m',
    duration: `${Math.max(1, Math.round(s))}s`,
    startTime: `${Math.round(start)}s`,
    preAllocatedVUs: Math.max(2, Math.ceil(perSecond * multiple * 2)),
    maxVUs: Math.max(10, Math.ceil(perSecond * multiple * 40)),
    gracefulStop: '10s',
  };
}
