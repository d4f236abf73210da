import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { knowledgeKeys } from '../knowledgeApi';

/**
 * A settings change: runs the call, says so, and refreshes everything of the project (and the project list, whose
 * cards show names, logos and counts). Answers whether it succeeded; a refusal was toasted by the request client.
 */
export function useProjectChange(projectId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, done: string, messageArgs: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success', messageArgs });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
      ]);
    }
  };
  return { busy, run };
}
