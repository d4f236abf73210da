// Lets code outside React (the request client) raise react-admin notifications.
export interface Notice {
  message: string;
  type: 'error' | 'success' | 'info' | 'warning';
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();

export function publishNotice(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
