import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { taskCall, taskKeys } from '../tasks/taskApi';
import { homeKeys, type MyTask } from './homeApi';

export type TaskStep = 'start' | 'finish';

/** One-click start and finish (task/startTask, task/finishTask), then home, workspace and the project read again. */
export function useTaskStep(teamId: number) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [pending, setPending] = useState<number | null>(null);
  const step = async (task: MyTask, action: TaskStep) => {
    setPending(task.taskId);
    try {
      await taskCall(action === 'start' ? 'startTask' : 'finishTask', {
        projectId: task.projectId,
        taskId: task.taskId,
      });
      notify(action === 'start' ? 'app.home.started' : 'app.home.finished', { type: 'success' });
    } catch {
      // the request client has shown the server's message
    } finally {
      setPending(null);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: homeKeys.all(teamId) }),
        queryClient.invalidateQueries({ queryKey: taskKeys.project(task.projectId) }),
      ]);
    }
  };
  return { step, pending };
}

/** The one-click steps a status allows: todo and paused may start, every open task may finish. */
export function stepsOf(status: string): TaskStep[] {
  if (status === 'todo' || status === 'paused') return ['start', 'finish'];
  if (status === 'in_progress') return ['finish'];
  return [];
}

/** The console route that opens a task in its project's drawer. */
export const taskLink = (task: Pick<MyTask, 'projectId' | 'taskId'>) =>
  `/task/home/${task.projectId}?task=${task.taskId}`;
