import { useCallback, useState } from 'react';
import { useSessionUser } from '../session/session';
import { readLayout, type WorkLayout, writeLayout } from './layout';

/** The workspace layout of the signed-in user, written back on each change. */
export function useWorkLayout(): [WorkLayout, (change: Partial<WorkLayout>) => void] {
  const userId = useSessionUser()?.userId ?? 0;
  const [layout, setLayout] = useState(() => readLayout(window.localStorage, userId));
  const update = useCallback(
    (change: Partial<WorkLayout>) =>
      setLayout((current) => {
        const next = { ...current, ...change };
        writeLayout(window.localStorage, userId, next);
        return next;
      }),
    [userId],
  );
  return [layout, update];
}
