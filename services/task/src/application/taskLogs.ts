import type { RecordedEvent } from '@pmbok/infra';
import type { TaskEvent } from '../domain/task/task.js';
import { hours } from './views.js';

const urgency = ['普通', '紧急', '非常紧急'];
const day = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const date = (ms: number) => (ms ? day.format(ms) : '未设置');
const worked = (ms: number) => (ms > 0 ? `（本次用时 ${hours(ms)} 小时）` : '');

/** One task event told as a sentence about what `who` did; `nameOf` names other people it mentions. */
export function describe(event: TaskEvent, who: string, nameOf: (userId: number) => string): string {
  switch (event.type) {
    case 'TaskCreated':
      return `${who} 创建了任务「${event.data.name}」`;
    case 'TaskRenamed':
      return `${who} 将任务名称改为「${event.data.name}」`;
    case 'TaskContentUpdated':
      return `${who} 更新了任务描述`;
    case 'TaskWorkHourEstimated':
      return `${who} 将预估工时设为 ${event.data.workHour} 小时`;
    case 'TaskUrgencyChanged':
      return `${who} 将紧急程度设为「${urgency[event.data.urgentLevel]}」`;
    case 'TaskScheduled':
      return `${who} 将计划时间设为 ${date(event.data.startTime)} 至 ${date(event.data.endTime)}`;
    case 'TaskMovedToFlow':
      return `${who} 将任务移动到「${event.data.flowName}」`;
    case 'TaskTransferred':
      return `${who} 将任务转交给 ${nameOf(event.data.toUserId)}`;
    case 'TaskStarted':
      return `${who} ${event.data.from === 'paused' ? '继续了' : '开始了'}任务`;
    case 'TaskStopped':
      return `${who} 暂停了任务${worked(event.data.workedMs)}`;
    case 'TaskFinished':
      return `${who} 完成了任务${worked(event.data.workedMs)}`;
    case 'TaskCancelled':
      return `${who} 取消了任务${worked(event.data.workedMs)}`;
    case 'TaskClosed':
      return `${who} 关闭了任务${worked(event.data.workedMs)}`;
    case 'TaskCommented':
      return `${who} 发表了评论`;
  }
}

/** The people an event names: its actor and, for a transfer, the new assignee. */
export const peopleIn = (event: RecordedEvent) => {
  const ids = [Number(event.metadata.actor ?? 0)];
  if (event.type === 'TaskTransferred') ids.push((event.data as { toUserId: number }).toUserId);
  return ids;
};

/** The note a status action carried, if any. */
export const noteOf = (event: TaskEvent) =>
  event.type === 'TaskStarted' ||
  event.type === 'TaskStopped' ||
  event.type === 'TaskFinished' ||
  event.type === 'TaskCancelled' ||
  event.type === 'TaskClosed'
    ? event.data.content
    : '';
