import { addErrorLog, describeError, type ErrorLogEntry } from './errorLogStore';

type Add = (entry: Omit<ErrorLogEntry, 'id'>) => void;

/**
 * Logs uncaught errors and unhandled rejections of the page (SPEC §8: production errors go to the error log;
 * render errors come from the layout's error boundary). Returns the function that stops listening.
 */
export function captureErrors(target: Window = window, add: Add = addErrorLog, now: () => number = Date.now) {
  const onError = (event: ErrorEvent) => {
    // a failed <script> or <img> also fires 'error' on window, without an ErrorEvent message
    if (!event.message && !event.error) return;
    const { message, stack } = describeError(event.error ?? event.message);
    add({ source: 'window', message, stack, url: target.location.href, time: now() });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describeError(event.reason);
    add({ source: 'promise', message, stack, url: target.location.href, time: now() });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
