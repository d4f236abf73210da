import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { docKeys } from '../../docApi';
import { canManage, knowledgeKeys, type MyRole, useProjectDetail } from '../../knowledgeApi';
import { publishingKeys } from '../publishingApi';

/** docs/api/knowledge.md roles: writers save and restore, managers also delete versions. */
export function useProjectRole(projectId: number) {
  const { data: project, error, isPending } = useProjectDetail(projectId);
  const role: MyRole | undefined = project?.myRole;
  return {
    project,
    error,
    isPending,
    canWrite: role === 'owner' || role === 'administrator' || role === 'editor',
    canManage: canManage(role),
  };
}

/**
 * A change made from the versions or history screen (save, delete, restore, revert): runs the call, says so, and
 * refreshes what it may have changed: the versions and history, the documents and tree, the project's counts.
 * Answers the call's result, or undefined when it was refused (the request client toasted the reason).
 */
export function usePublishingChange(projectId: number) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async <T>(call: () => Promise<T>, done: (result: T) => [string, Record<string, unknown>?]) => {
    setBusy(true);
    try {
      const result = await call();
      const [message, messageArgs] = done(result);
      notify(message, { type: 'success', messageArgs });
      return result;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: publishingKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: docKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: knowledgeKeys.project(projectId) }),
      ]);
    }
  };
  return { busy, run };
}
