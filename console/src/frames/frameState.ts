/**
 * SPEC §3 page-visibility store and §4 embedded page frame: per frame id its params, whether it exists (enable) and
 * whether it is the one in view (show), plus one flag for the box that holds the frames.
 */
export type FrameParams = Record<string, string>;

export interface FrameEntry {
  params: FrameParams;
  enable: boolean;
  show: boolean;
}

export interface FramesState {
  box: boolean;
  frames: Record<string, FrameEntry>;
}

export type FrameEvent =
  | { type: 'created'; id: string; params?: FrameParams }
  | { type: 'activated'; id: string; params?: FrameParams }
  | { type: 'deactivated'; id: string }
  | { type: 'destroyed'; id: string };

export const initialFramesState: FramesState = { box: false, frames: {} };

const hasParams = (params?: FrameParams): params is FrameParams => Boolean(params && Object.keys(params).length);

/** The §4 transitions. Params "set if given"; a frame opened again with other params takes them too. */
export function framesReducer(state: FramesState, event: FrameEvent): FramesState {
  const current = state.frames[event.id];
  const put = (entry: FrameEntry, box = state.box): FramesState => ({
    box,
    frames: { ...state.frames, [event.id]: entry },
  });
  switch (event.type) {
    case 'created':
      return put(
        { params: hasParams(event.params) ? event.params : (current?.params ?? {}), enable: true, show: true },
        true,
      );
    case 'activated': {
      // Opening a frame that is not there (never opened, or destroyed) creates it.
      if (!current?.enable) return framesReducer(state, { ...event, type: 'created' });
      const params = hasParams(event.params) ? event.params : current.params;
      if (current.show && params === current.params && state.box) return state;
      return put({ ...current, params, show: true }, true);
    }
    case 'deactivated':
      return current?.show ? put({ ...current, show: false }) : state;
    case 'destroyed': {
      if (!current?.enable) return state;
      const others = Object.entries(state.frames).some(([id, entry]) => id !== event.id && entry.show);
      // The box hides with its last visible frame; another frame in view keeps it.
      return put({ ...current, enable: false, show: false }, others && state.box);
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The frame's address with its params added to the query string (they reach the embedded page). */
export function frameAddress(src: string, params: FrameParams): string {
  if (!hasParams(params)) return src;
  const [address = '', hash] = src.split('#', 2);
  const [path, query] = address.split('?', 2);
  const search = new URLSearchParams(query);
  for (const [key, value] of Object.entries(params)) search.set(key, value);
  return `${path}?${search}${hash === undefined ? '' : `#${hash}`}`;
}
