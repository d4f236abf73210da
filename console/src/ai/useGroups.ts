import type { AiChatGroup } from '@pmbok/api-types';
import { useCallback, useEffect, useState } from 'react';
import { deleteGroup, listGroups, renameGroup } from './aiApi';

/**
 * A group on screen. `key` stays when a new group (id 0) is saved and takes the server's id, so its conversation,
 * in the middle of its first answer, is not thrown away and read again.
 */
export interface UiGroup extends AiChatGroup {
  key: string;
}

let freshGroups = 0;

/** SPEC §4: a new group starts with id 0 and the default-conversation name (shown when `name` is empty). */
export const freshGroup = (): UiGroup => ({
  key: `new${++freshGroups}`,
  aiChatGroupId: 0,
  name: '',
  lastQuestion: '',
  updatedTimeLable: '',
  updatedTime: 0,
  createdTime: 0,
});

const fromServer = (group: AiChatGroup): UiGroup => ({ ...group, key: `g${group.aiChatGroupId}` });

/** The group that takes a deleted one's place: the next one down, else the one above. */
export function neighbourAfterDelete(groups: UiGroup[], key: string): UiGroup | undefined {
  const index = groups.findIndex((group) => group.key === key);
  const rest = groups.filter((group) => group.key !== key);
  return rest[Math.min(index, rest.length - 1)];
}

/** The caller's groups (most recently updated first), the open one, and what can be done to them. */
export function useGroups() {
  const [groups, setGroups] = useState<UiGroup[] | null>(null);
  const [currentKey, setCurrentKey] = useState('');

  useEffect(() => {
    let live = true;
    listGroups()
      .then((list) => list.map(fromServer))
      .catch(() => [] as UiGroup[])
      .then((list) => {
        if (!live) return;
        const shown = list.length ? list : [freshGroup()];
        setGroups(shown);
        setCurrentKey((shown[0] as UiGroup).key);
      });
    return () => {
      live = false;
    };
  }, []);

  /** Opens the unsaved group, or starts one. */
  const newGroup = useCallback(() => {
    const unsaved = groups?.find((group) => group.aiChatGroupId === 0);
    if (unsaved) {
      setCurrentKey(unsaved.key);
      return;
    }
    const group = freshGroup();
    setGroups((list) => [group, ...(list ?? [])]);
    setCurrentKey(group.key);
  }, [groups]);

  const rename = useCallback(async (group: UiGroup, name: string) => {
    await renameGroup(group.aiChatGroupId, name);
    setGroups((list) => list?.map((item) => (item.key === group.key ? { ...item, name } : item)) ?? null);
  }, []);

  /** SPEC §4: deleting the open group opens a neighbour; when none is left a fresh default group appears. */
  const remove = useCallback(
    async (group: UiGroup) => {
      if (group.aiChatGroupId) await deleteGroup(group.aiChatGroupId);
      const list = groups ?? [];
      const rest = list.filter((item) => item.key !== group.key);
      const shown = rest.length ? rest : [freshGroup()];
      setGroups(shown);
      if (group.key === currentKey || !rest.length) {
        setCurrentKey((neighbourAfterDelete(list, group.key) ?? (shown[0] as UiGroup)).key);
      }
    },
    [groups, currentKey],
  );

  /**
   * A question was saved (the start frame): a new group takes the server's id and name (the first question), and
   * the group moves to the top with the question as its last one, updated 'just now'.
   */
  const asked = useCallback((key: string, saved: { aiChatGroupId: number; name?: string }, question: string) => {
    setGroups((list) => {
      const group = list?.find((item) => item.key === key);
      if (!list || !group) return list;
      const now = Date.now();
      const updated: UiGroup = {
        ...group,
        aiChatGroupId: saved.aiChatGroupId || group.aiChatGroupId,
        name: saved.name || group.name || question,
        lastQuestion: question,
        updatedTime: now,
        createdTime: group.createdTime || now,
      };
      return [updated, ...list.filter((item) => item.key !== key)];
    });
  }, []);

  const current = groups?.find((group) => group.key === currentKey);
  return { groups, current, select: setCurrentKey, newGroup, rename, remove, asked };
}
