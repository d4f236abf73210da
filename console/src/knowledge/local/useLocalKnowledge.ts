import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { isValidProjectId, setLocalKnowledge } from '../transport';
import { localKnowledge } from './handler';
import { openLocalProject } from './sample';

/** The caches of the knowledge screens: a local and a team project may share an id, so a switch refreshes them. */
const KNOWLEDGE_KEYS = [['knowledgeDocs'], ['knowledgeProject'], ['knowledgeProjects']];
export const localProjectKey = ['localKnowledge', 'open'] as const;
let shownMode: 'local' | 'server' | null = null;
/** The mounted components in local mode: the handler goes only when the last of them does. */
let localUsers = 0;

/**
 * Local mode (SPEC §1, §2.4, §4): a /project/* screen without a project id works on the browser's own project —
 * what signed-out users reach, and what "switch to local mode" opens for a signed-in one. While such a screen is
 * shown, the knowledge calls are answered by the local handler and nothing is sent to the server.
 *
 * The handler is installed during render as well as in the effect, so that the first calls of the screen, which
 * its queries make in effects of their own, already find it; nothing refetches between a screen's cleanup and the
 * next screen's effect, so no call slips out to the server on the way from one local screen to another.
 */
export function useLocalKnowledge(): { active: boolean; projectId: number } {
  const { projectId: param } = useParams();
  const active = !isValidProjectId(param);
  const queryClient = useQueryClient();
  setLocalKnowledge(active ? localKnowledge : null);

  useEffect(() => {
    if (active) {
      localUsers += 1;
      setLocalKnowledge(localKnowledge);
    }
    const mode = active ? 'local' : 'server';
    if (shownMode && shownMode !== mode) {
      for (const queryKey of KNOWLEDGE_KEYS) void queryClient.invalidateQueries({ queryKey });
    }
    shownMode = mode;
    // A small part of a local screen (a document's history link) unmounting must not take local mode from the
    // rest of the screen: a page image would then be uploaded to the server, signed out.
    return active
      ? () => {
          localUsers -= 1;
          if (localUsers === 0) setLocalKnowledge(null);
        }
      : undefined;
  }, [active, queryClient]);

  const open = useQuery({
    queryKey: localProjectKey,
    queryFn: () => openLocalProject(localKnowledge),
    enabled: active,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { active, projectId: active ? (open.data ?? 0) : 0 };
}
