import type { TestRunPush } from '@pmbok/api-types';
import { useCallback } from 'react';
import { useLiveMessages } from './LiveProvider';
import type { LiveMessage } from './liveConnection';

/** The project service's push of a test run's progress, one RunEvent each, to whoever started it (docs/api/tests.md). */
export const TEST_RUN_PUSH = 200400;

/** The push's data when the message is one for this run; null otherwise. */
export function testRunPushOf(message: LiveMessage, testRunId: number): TestRunPush | null {
  if (message.code !== TEST_RUN_PUSH) return null;
  const data = message.data as Partial<TestRunPush> | undefined;
  if (!data || data.testRunId !== testRunId || typeof data.event !== 'object' || data.event === null) return null;
  return data as TestRunPush;
}

/** Calls `onEvent` with each event pushed for the run (none while `testRunId` is 0). */
export function useTestRunPushes(testRunId: number, onEvent: (event: TestRunPush['event']) => void): void {
  const listener = useCallback(
    (message: LiveMessage) => {
      const push = testRunId > 0 ? testRunPushOf(message, testRunId) : null;
      if (push) onEvent(push.event);
    },
    [testRunId, onEvent],
  );
  useLiveMessages(listener);
}
