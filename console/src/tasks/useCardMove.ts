import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { boardOrderOf, type CardOrder, findTask, loadCardOrder, moveCard, saveCardOrder } from './boardOrder';
import { type BoardColumn, taskCall, taskKeys } from './taskApi';

/**
 * Dropping a card: the order within columns is saved in this browser; a change of flow is shown at once and sent
 * as moveFlow, and rolled back (with the server's message) when refused.
 */
export function useCardMove(projectId: number) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<CardOrder>(() => loadCardOrder(projectId));

  const move = useCallback(
    async (board: BoardColumn[], taskId: number, toFlowId: number, toIndex?: number) => {
      const from = findTask(board, taskId)?.column.flowId;
      const next = moveCard(board, taskId, toFlowId, toIndex);
      const nextOrder = boardOrderOf(next);
      setOrder(nextOrder);
      saveCardOrder(projectId, nextOrder);
      if (from === undefined || from === toFlowId) return;

      const key = taskKeys.board(projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BoardColumn[]>(key);
      queryClient.setQueryData(key, next);
      try {
        await taskCall('moveFlow', { projectId, taskId, flowId: toFlowId });
      } catch {
        queryClient.setQueryData(key, before);
      }
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    },
    [projectId, queryClient],
  );

  return { order, move };
}
