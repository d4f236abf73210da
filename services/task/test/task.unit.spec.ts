import { DomainError, fold } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, it } from 'vitest';
import { type CreateTask, type TaskAction, type TaskCommand, taskDecider } from '../src/domain/task/businessLogic.js';
import { taskMessages } from '../src/domain/task/rules.js';
import type { TaskEvent } from '../src/domain/task/task.js';
import { taskProjectDecider } from '../src/domain/taskProject/businessLogic.js';
import type { TaskProjectEvent } from '../src/domain/taskProject/taskProject.js';

const spec = deciderSpec(taskDecider);
const OWNER = 1;
const MEMBER = 3;
const STRANGER = 9;
const HOUR = 3_600_000;
const T0 = 1_700_000_000_000;

const projectEvents: TaskProjectEvent[] = [
  {
    type: 'TaskProjectCreated',
    data: {
      taskProjectId: 500,
      teamId: 100,
      ownerId: OWNER,
      name: '研发',
      description: '',
      logo: '',
      poster: 0,
      beginTime: 0,
      endTime: 0,
      isTemplate: false,
      sourceTaskProjectId: 0,
      flows: [
        { flowId: 12, name: '进行中', sort: 2 },
        { flowId: 11, name: '待处理', sort: 1 },
      ],
    },
  },
  { type: 'ProjectMemberAdded', data: { userId: OWNER, role: 'owner' } },
  { type: 'ProjectMemberAdded', data: { userId: MEMBER, role: 'member' } },
];
const project = fold(taskProjectDecider, projectEvents);
const meta = (actorId = OWNER, now = T0, state = project) => ({ metadata: { actorId, now, project: state } });

const created: TaskEvent = {
  type: 'TaskCreated',
  data: {
    taskId: 7,
    projectId: 500,
    name: '登录页',
    flowId: 11,
    flowName: '待处理',
    assigneeId: OWNER,
    creatorId: OWNER,
    workHour: 8,
    urgentLevel: 1,
    startTime: 0,
    endTime: 0,
    content: '<p>需求</p>',
  },
};
const create = (data: Partial<CreateTask['data']> = {}, actorId = OWNER): TaskCommand => ({
  type: 'CreateTask',
  data: {
    taskId: 7,
    name: ' 登录页 ',
    flowId: 0,
    assigneeId: 0,
    workHour: 8,
    urgentLevel: 1,
    startTime: 0,
    endTime: 0,
    content: '<p>需求</p>',
    ...data,
  },
  ...meta(actorId),
});
const act = (action: TaskAction, now = T0, content = ''): TaskCommand => ({
  type: 'ChangeTaskStatus',
  data: { action, content },
  ...meta(MEMBER, now),
});
const started: TaskEvent = { type: 'TaskStarted', data: { content: '', from: 'todo', startedAt: T0 } };
const inProgress = [created, started];
const paused: TaskEvent[] = [
  ...inProgress,
  { type: 'TaskStopped', data: { content: '', from: 'in_progress', workedMs: HOUR } },
];

describe('a new task', () => {
  it('goes into the first flow, assigned to its creator', () => spec.given([]).when(create()).then([created]));
  it('is refused to non-members, for unknown flows and for assignees outside the project', () => {
    spec.given([]).when(create({}, STRANGER)).thenThrows(DomainError, '你不是该项目的成员');
    spec
      .given([])
      .when(create({ flowId: 99 }))
      .thenThrows(DomainError, '阶段不存在');
    spec
      .given([])
      .when(create({ assigneeId: STRANGER }))
      .thenThrows(DomainError, taskMessages.assigneeNotMember);
  });
  it('checks its name, hours, urgency and dates', () => {
    spec
      .given([])
      .when(create({ name: '' }))
      .thenThrows(DomainError, taskMessages.nameRequired);
    spec
      .given([])
      .when(create({ name: '任'.repeat(101) }))
      .thenThrows(DomainError, taskMessages.nameTooLong);
    spec
      .given([])
      .when(create({ workHour: -1 }))
      .thenThrows(DomainError, taskMessages.workHourInvalid);
    spec
      .given([])
      .when(create({ workHour: 10_001 }))
      .thenThrows(DomainError, taskMessages.workHourInvalid);
    spec
      .given([])
      .when(create({ urgentLevel: 3 }))
      .thenThrows(DomainError, taskMessages.urgentLevelInvalid);
    spec
      .given([])
      .when(create({ startTime: 2, endTime: 1 }))
      .thenThrows(DomainError, taskMessages.timeInvalid);
  });
});

describe('when the task is todo', () => {
  it('moves between flows of its project and transfers to members', () => {
    spec
      .given([created])
      .when({ type: 'MoveTask', data: { flowId: 12 }, ...meta(MEMBER) })
      .then([
        { type: 'TaskMovedToFlow', data: { fromFlowId: 11, flowId: 12, fromFlowName: '待处理', flowName: '进行中' } },
      ]);
    spec
      .given([created])
      .when({ type: 'MoveTask', data: { flowId: 11 }, ...meta() })
      .then([]);
    spec
      .given([created])
      .when({ type: 'TransferTask', data: { userId: MEMBER }, ...meta() })
      .then([{ type: 'TaskTransferred', data: { fromUserId: OWNER, toUserId: MEMBER } }]);
    spec
      .given([created])
      .when({ type: 'TransferTask', data: { userId: STRANGER }, ...meta() })
      .thenThrows(DomainError, taskMessages.assigneeNotMember);
  });
  it('starts at the command time, and cannot be stopped', () => {
    spec
      .given([created])
      .when(act('start', T0, '开工'))
      .then([{ type: 'TaskStarted', data: { content: '开工', from: 'todo', startedAt: T0 } }]);
    spec.given([created]).when(act('stop')).thenThrows(DomainError, '任务未开始，不能暂停');
  });
  it('is invisible to non-members, even by id', () =>
    spec
      .given([created])
      .when({ type: 'RenameTask', data: { name: 'x' }, ...meta(STRANGER) })
      .thenThrows(DomainError, '你不是该项目的成员'));
});

describe('when the task is in progress', () => {
  it('accumulates the time worked when stopped, finished, cancelled or closed', () => {
    const worked = { content: '', from: 'in_progress' as const, workedMs: 1.5 * HOUR };
    spec
      .given(inProgress)
      .when(act('stop', T0 + 1.5 * HOUR))
      .then([{ type: 'TaskStopped', data: worked }]);
    spec
      .given(inProgress)
      .when(act('finish', T0 + 1.5 * HOUR))
      .then([{ type: 'TaskFinished', data: worked }]);
    spec
      .given(inProgress)
      .when(act('cancel', T0 + 1.5 * HOUR))
      .then([{ type: 'TaskCancelled', data: worked }]);
    spec
      .given(inProgress)
      .when(act('close', T0 + 1.5 * HOUR))
      .then([{ type: 'TaskClosed', data: worked }]);
  });
  it('cannot be started again', () =>
    spec.given(inProgress).when(act('start')).thenThrows(DomainError, '任务正在进行中'));
});

describe('when the task is paused', () => {
  it('resumes, and finishing it adds no time', () => {
    spec
      .given(paused)
      .when(act('start', T0 + 2 * HOUR))
      .then([{ type: 'TaskStarted', data: { content: '', from: 'paused', startedAt: T0 + 2 * HOUR } }]);
    spec
      .given(paused)
      .when(act('finish', T0 + 5 * HOUR))
      .then([{ type: 'TaskFinished', data: { content: '', from: 'paused', workedMs: 0 } }]);
    spec.given(paused).when(act('stop')).thenThrows(DomainError, '任务已暂停');
  });
});

describe('when the task is finished', () => {
  const finished: TaskEvent[] = [
    ...paused,
    { type: 'TaskFinished', data: { content: '', from: 'paused', workedMs: 0 } },
  ];
  it('refuses to start, stop, cancel or finish again, and may be closed', () => {
    spec.given(finished).when(act('start')).thenThrows(DomainError, '任务已完成，不能开始');
    spec.given(finished).when(act('stop')).thenThrows(DomainError, '任务已完成，不能暂停');
    spec.given(finished).when(act('cancel')).thenThrows(DomainError, '任务已完成，不能取消');
    spec.given(finished).when(act('finish')).thenThrows(DomainError, '任务已完成');
    spec
      .given(finished)
      .when(act('close'))
      .then([{ type: 'TaskClosed', data: { content: '', from: 'finished', workedMs: 0 } }]);
  });
  it('can still be edited', () =>
    spec
      .given(finished)
      .when({ type: 'UpdateTaskUrgentLevel', data: { urgentLevel: 2 }, ...meta() })
      .then([{ type: 'TaskUrgencyChanged', data: { urgentLevel: 2 } }]));
});

describe('when the task is cancelled', () => {
  const cancelled: TaskEvent[] = [created, { type: 'TaskCancelled', data: { content: '', from: 'todo', workedMs: 0 } }];
  it('cannot be started or finished', () => {
    spec.given(cancelled).when(act('start')).thenThrows(DomainError, '任务已取消，不能开始');
    spec.given(cancelled).when(act('finish')).thenThrows(DomainError, '任务已取消，不能完成');
  });
});

describe('when the task is closed', () => {
  const closed: TaskEvent[] = [created, { type: 'TaskClosed', data: { content: '', from: 'todo', workedMs: 0 } }];
  it('refuses every change but a comment', () => {
    spec.given(closed).when(act('close')).thenThrows(DomainError, '任务已关闭');
    spec.given(closed).when(act('start')).thenThrows(DomainError, '任务已关闭，不能开始');
    spec
      .given(closed)
      .when({ type: 'RenameTask', data: { name: '新' }, ...meta() })
      .thenThrows(DomainError, taskMessages.closed);
    spec
      .given(closed)
      .when({ type: 'CommentOnTask', data: { commentId: 1, content: '复盘' }, ...meta(MEMBER) })
      .then([{ type: 'TaskCommented', data: { commentId: 1, content: '复盘' } }]);
  });
});

describe('when the project is stopped', () => {
  const stopped = fold(taskProjectDecider, [...projectEvents, { type: 'TaskProjectStopped', data: {} }]);
  it('refuses new tasks, edits, actions and comments with the reason', () => {
    const message = '项目已暂停，请先恢复项目';
    spec
      .given([])
      .when({ ...create(), ...meta(OWNER, T0, stopped) })
      .thenThrows(DomainError, message);
    spec
      .given([created])
      .when({ type: 'UpdateTaskWorkHour', data: { workHour: 2 }, ...meta(OWNER, T0, stopped) })
      .thenThrows(DomainError, message);
    spec
      .given([created])
      .when({ type: 'ChangeTaskStatus', data: { action: 'start', content: '' }, ...meta(OWNER, T0, stopped) })
      .thenThrows(DomainError, message);
    spec
      .given([created])
      .when({ type: 'CommentOnTask', data: { commentId: 1, content: 'x' }, ...meta(OWNER, T0, stopped) })
      .thenThrows(DomainError, message);
  });
});
