import {
  EVENT_ROUTE_CHANGE,
  type Faro,
  getWebInstrumentations,
  initializeFaro,
  type TransportItem,
} from '@grafana/faro-web-sdk';
import { getErrorLog, subscribeErrorLog } from '../errorLog/errorLogStore';
import type { Pending } from './index';
import { FARO_COLLECT_PATH, routeOf, withoutQueryValues } from './settings';

/** Page URLs lose their query values before they leave the browser (tokens of share links, sign-in tickets). */
function scrub(item: TransportItem): TransportItem {
  const page = item.meta.page;
  if (page?.url) item.meta = { ...item.meta, page: { ...page, url: withoutQueryValues(page.url) } };
  return item;
}

/**
 * Errors the SPEC §8 error log holds that Faro's own listeners did not see: those logged before Faro loaded, and
 * render errors (caught by the layout's error boundary, which never reach window.onerror).
 */
function forwardErrorLog(faro: Faro) {
  let seen = 0;
  const send = (onlyRender: boolean) => {
    for (const entry of getErrorLog()) {
      if (entry.id <= seen) continue;
      seen = entry.id;
      if (onlyRender && entry.source !== 'render') continue;
      const error = new Error(entry.message);
      if (entry.stack) error.stack = entry.stack;
      faro.api.pushError(error, {
        type: entry.source === 'render' ? 'RenderError' : undefined,
        context: { source: entry.source },
      });
    }
  };
  send(false);
  subscribeErrorLog(() => send(true));
}

/** Loads the traces part (fetch and XHR spans, a `traceparent` on same-origin requests) on its own, later still. */
function startTracing(faro: Faro) {
  import('@grafana/faro-web-tracing')
    .then(({ TracingInstrumentation }) => faro.instrumentations.add(new TracingInstrumentation()))
    .catch(() => {
      // without traces the rest keeps working
    });
}

/** Starts Faro: sends to the gateway's collector, replays what happened before, returns the route-change reporter. */
export function startFaro(pending: Pending) {
  const faro = initializeFaro({
    url: `${window.location.origin}${FARO_COLLECT_PATH}`,
    app: {
      name: 'pmbok-console',
      version: (import.meta.env.VITE_PMBOK_VERSION as string | undefined) || 'dev',
      environment: import.meta.env.MODE,
    },
    // The console's own messages stay in the browser; errors, vitals, performance, sessions and views are sent.
    instrumentations: getWebInstrumentations({ captureConsole: false }),
    sessionTracking: { enabled: true, persistent: true },
    beforeSend: scrub,
  });
  // Each route is a Faro view too, so every item sent carries the route it came from.
  const report = (from: string, to: string) => {
    faro.api.pushEvent(EVENT_ROUTE_CHANGE, {
      fromRoute: from,
      toRoute: to,
      toUrl: withoutQueryValues(window.location.href),
    });
    faro.api.setView({ name: to });
  };
  faro.api.setView({ name: routeOf(window.location.href) });
  for (const { from, to } of pending) report(from, to);
  forwardErrorLog(faro);
  startTracing(faro);
  return report;
}
