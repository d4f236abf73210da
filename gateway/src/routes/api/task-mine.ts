import type { taskv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { defineCall } from '../../plugins/api.js';
import { integer, optionalId } from '../../schemas/fields.js';
import * as answers from '../../schemas/home.js';
import { nameOf, taskStatuses } from './enums.js';

const time = integer(0, 8_640_000_000_000);
const flag = Type.Optional(Type.String({ pattern: '^(true|false|1|0)?$' }));
const isSet = (value: string | undefined) => value === 'true' || value === '1';
const task = (t: taskv1.Task) => ({ ...t, status: nameOf(taskStatuses, t.status, 'TaskStatus') });

/** Home and workspace (docs/api/home.md): my tasks, my hours and the team's task counts, over my task projects. */
export const taskMineCalls = [
  defineCall({
    module: 'task',
    call: 'myTasks',
    access: 'user',
    fields: {
      endFrom: Type.Optional(time),
      endTo: Type.Optional(time),
      includeDone: flag,
      projectId: optionalId,
      page: Type.Optional(integer(1, 1_000_000)),
      pageSize: Type.Optional(integer(1, 500)),
    },
    response: answers.MyTaskPage,
    handle: async (b, { services, metadata }) => {
      const answer = await services.task.listMyTasks(
        {
          endFrom: b.endFrom ?? 0,
          endTo: b.endTo ?? 0,
          includeDone: isSet(b.includeDone),
          projectId: Number(b.projectId || 0),
          page: b.page ?? 1,
          pageSize: b.pageSize ?? 100,
        },
        { metadata },
      );
      const list = answer.tasks.flatMap((t) => (t.task ? [{ ...task(t.task), projectName: t.projectName }] : []));
      return { list, total: answer.total };
    },
  }),
  defineCall({
    module: 'task',
    call: 'myWorkHours',
    access: 'user',
    fields: { from: time, to: time },
    response: answers.MyWorkHours,
    handle: (b, { services, metadata }) => services.task.getMyWorkHours({ from: b.from, to: b.to }, { metadata }),
  }),
  defineCall({
    module: 'task',
    call: 'stats',
    access: 'user',
    fields: { since: time },
    response: answers.TaskStats,
    handle: (b, { services, metadata }) => services.task.getTaskStats({ since: b.since }, { metadata }),
  }),
];
