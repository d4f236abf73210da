import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, it } from 'vitest';
import { messages, type TaskProjectCommand, taskProjectDecider } from '../src/domain/taskProject/businessLogic.js';
import type { TaskProjectCreated, TaskProjectEvent } from '../src/domain/taskProject/taskProject.js';

const spec = deciderSpec(taskProjectDecider);
const OWNER = 1;
const ADMIN = 2;
const MEMBER = 3;
const STRANGER = 9;
const as = (actorId: number) => ({ metadata: { actorId } });

const createdData: TaskProjectCreated['data'] = {
  taskProjectId: 500,
  teamId: 100,
  ownerId: OWNER,
  name: '研发',
  description: '',
  logo: '',
  poster: 3,
  beginTime: 0,
  endTime: 0,
  isTemplate: false,
  sourceTaskProjectId: 0,
  flows: [
    { flowId: 11, name: '待处理', sort: 1 },
    { flowId: 12, name: '进行中', sort: 2 },
  ],
};
const created: TaskProjectEvent[] = [
  { type: 'TaskProjectCreated', data: createdData },
  { type: 'ProjectMemberAdded', data: { userId: OWNER, role: 'owner' } },
];
const staffed: TaskProjectEvent[] = [
  ...created,
  { type: 'ProjectMemberAdded', data: { userId: ADMIN, role: 'member' } },
  { type: 'ProjectMemberRoleChanged', data: { userId: ADMIN, role: 'administrator' } },
  { type: 'ProjectMemberAdded', data: { userId: MEMBER, role: 'member' } },
];
const update = (actorId: number): TaskProjectCommand => ({
  type: 'UpdateTaskProject',
  data: { ...createdData, name: '新名字' },
  ...as(actorId),
});
const status = (action: 'stop' | 'finish' | 'close' | 'reopen', actorId = OWNER): TaskProjectCommand => ({
  type: 'ChangeProjectStatus',
  data: { action },
  ...as(actorId),
});

describe('a new task project', () => {
  it('is created with its creator as owner', () =>
    spec.given([]).when({ type: 'CreateTaskProject', data: createdData }).then(created));
  it('needs a name of at most 50 characters and a poster from 0 to 8', () => {
    const create = (changes: Partial<TaskProjectCreated['data']>) =>
      spec.given([]).when({ type: 'CreateTaskProject', data: { ...createdData, ...changes } });
    create({ name: '  ' }).thenThrows(DomainError, messages.nameRequired);
    create({ name: '项'.repeat(51) }).thenThrows(DomainError, messages.nameTooLong);
    create({ poster: 9 }).thenThrows(DomainError, messages.posterInvalid);
    create({ beginTime: 2, endTime: 1 }).thenThrows(DomainError, messages.timeInvalid);
    create({ logo: 'javascript:alert(1)' }).thenThrows(DomainError, messages.logoInvalid);
  });
});

describe('when the project has an owner, an administrator and a member', () => {
  it('lets managers change it and nobody else see it', () => {
    spec
      .given(staffed)
      .when(update(ADMIN))
      .then([{ type: 'TaskProjectUpdated', data: { ...createdData, name: '新名字' } as never }]);
    spec.given(staffed).when(update(MEMBER)).thenThrows(DomainError, messages.noPermission);
    spec.given(staffed).when(update(STRANGER)).thenThrows(DomainError, messages.notMember);
  });

  it('adds only members of its team, skipping those already in', () => {
    const add = (userIds: number[]): TaskProjectCommand => ({
      type: 'AddProjectMembers',
      data: { userIds, teamMemberIds: [OWNER, ADMIN, MEMBER, 4] },
      ...as(ADMIN),
    });
    spec
      .given(staffed)
      .when(add([4, MEMBER, 4]))
      .then([{ type: 'ProjectMemberAdded', data: { userId: 4, role: 'member' } }]);
    spec
      .given(staffed)
      .when(add([STRANGER]))
      .thenThrows(DomainError, messages.notInTeam);
    spec.given(staffed).when(add([])).thenThrows(DomainError, messages.membersRequired);
  });

  it('lets the owner change roles, and administrators remove only plain members', () => {
    const role = (actorId: number, userId: number): TaskProjectCommand => ({
      type: 'ChangeProjectMemberRole',
      data: { userId, role: 'administrator' },
      ...as(actorId),
    });
    spec
      .given(staffed)
      .when(role(OWNER, MEMBER))
      .then([{ type: 'ProjectMemberRoleChanged', data: { userId: MEMBER, role: 'administrator' } }]);
    spec.given(staffed).when(role(ADMIN, MEMBER)).thenThrows(DomainError, messages.noPermission);
    spec.given(staffed).when(role(OWNER, OWNER)).thenThrows(DomainError, messages.ownerRoleFixed);
    const remove = (actorId: number, userId: number): TaskProjectCommand => ({
      type: 'RemoveProjectMember',
      data: { userId },
      ...as(actorId),
    });
    spec
      .given(staffed)
      .when(remove(ADMIN, MEMBER))
      .then([{ type: 'ProjectMemberRemoved', data: { userId: MEMBER } }]);
    spec.given(staffed).when(remove(ADMIN, OWNER)).thenThrows(DomainError, messages.cannotRemoveOwner);
    spec.given(staffed).when(remove(OWNER, OWNER)).thenThrows(DomainError, messages.cannotRemoveSelf);
  });

  it('drops a member who left the team, but never its owner', () => {
    spec
      .given(staffed)
      .when({ type: 'DropDepartedMember', data: { userId: MEMBER } })
      .then([{ type: 'ProjectMemberRemoved', data: { userId: MEMBER } }]);
    spec
      .given(staffed)
      .when({ type: 'DropDepartedMember', data: { userId: OWNER } })
      .then([]);
  });

  it('keeps one star per member', () => {
    const star = (starred: boolean): TaskProjectCommand => ({
      type: 'StarTaskProject',
      data: { starred },
      ...as(MEMBER),
    });
    spec
      .given(staffed)
      .when(star(true))
      .then([{ type: 'TaskProjectStarred', data: { userId: MEMBER } }]);
    const starred: TaskProjectEvent[] = [...staffed, { type: 'TaskProjectStarred', data: { userId: MEMBER } }];
    spec.given(starred).when(star(true)).then([]);
    spec
      .given(starred)
      .when(star(false))
      .then([{ type: 'TaskProjectUnstarred', data: { userId: MEMBER } }]);
  });

  it('adds flows at the end, orders them by sort, and deletes only empty ones', () => {
    spec
      .given(staffed)
      .when({ type: 'CreateFlow', data: { flowId: 13, name: ' 已完成 ' }, ...as(ADMIN) })
      .then([{ type: 'FlowCreated', data: { flowId: 13, name: '已完成', sort: 3 } }]);
    spec
      .given(staffed)
      .when({ type: 'CreateFlow', data: { flowId: 13, name: '进行中' }, ...as(OWNER) })
      .thenThrows(DomainError, messages.flowNameTaken);
    spec
      .given(staffed)
      .when({ type: 'UpdateFlow', data: { flowId: 12, name: '开发中', sort: 0 }, ...as(OWNER) })
      .then([{ type: 'FlowUpdated', data: { flowId: 12, name: '开发中', sort: 0 } }]);
    const remove = (taskCount: number, flowId = 12): TaskProjectCommand => ({
      type: 'DeleteFlow',
      data: { flowId, taskCount },
      ...as(OWNER),
    });
    spec.given(staffed).when(remove(2)).thenThrows(DomainError, '该阶段还有 2 个任务，请先将任务移到其他阶段再删除');
    spec
      .given(staffed)
      .when(remove(0))
      .then([{ type: 'FlowDeleted', data: { flowId: 12 } }]);
    spec.given(staffed).when(remove(0, 99)).thenThrows(DomainError, messages.flowNotFound);
    spec
      .given([...staffed, { type: 'FlowDeleted', data: { flowId: 12 } }])
      .when(remove(0, 11))
      .thenThrows(DomainError, messages.lastFlow);
    spec
      .given(staffed)
      .when({ type: 'CreateFlow', data: { flowId: 13, name: '新' }, ...as(MEMBER) })
      .thenThrows(DomainError, messages.noPermission);
  });

  it('is stopped, finished or closed by managers', () => {
    spec
      .given(staffed)
      .when(status('stop', ADMIN))
      .then([{ type: 'TaskProjectStopped', data: {} }]);
    spec
      .given(staffed)
      .when(status('finish'))
      .then([{ type: 'TaskProjectFinished', data: {} }]);
    spec
      .given(staffed)
      .when(status('close'))
      .then([{ type: 'TaskProjectClosed', data: { from: 'active' } }]);
    spec.given(staffed).when(status('stop', MEMBER)).thenThrows(DomainError, messages.noPermission);
    spec.given(staffed).when(status('reopen')).thenThrows(DomainError, messages.alreadyActive);
  });
});

describe('when the project is stopped', () => {
  const stopped: TaskProjectEvent[] = [...staffed, { type: 'TaskProjectStopped', data: {} }];
  it('refuses every change with the reason', () => {
    spec.given(stopped).when(update(OWNER)).thenThrows(DomainError, '项目已暂停，请先恢复项目');
    spec
      .given(stopped)
      .when({ type: 'CreateFlow', data: { flowId: 13, name: '新' }, ...as(OWNER) })
      .thenThrows(DomainError, '项目已暂停，请先恢复项目');
    spec.given(stopped).when(status('stop')).thenThrows(DomainError, messages.alreadyStopped);
    spec.given(stopped).when(status('finish')).thenThrows(DomainError, messages.onlyActiveFinishes);
  });
  it('is reopened by its owner only, and may still be closed', () => {
    spec
      .given(stopped)
      .when(status('reopen'))
      .then([{ type: 'TaskProjectReopened', data: { from: 'stopped' } }]);
    spec.given(stopped).when(status('reopen', ADMIN)).thenThrows(DomainError, messages.noPermission);
    spec
      .given(stopped)
      .when(status('close'))
      .then([{ type: 'TaskProjectClosed', data: { from: 'stopped' } }]);
  });
});

describe('when the project is finished', () => {
  const finished: TaskProjectEvent[] = [...staffed, { type: 'TaskProjectFinished', data: {} }];
  it('refuses changes until reopened', () => {
    spec.given(finished).when(update(OWNER)).thenThrows(DomainError, '项目已完成，请先重新打开项目');
    spec.given(finished).when(status('stop')).thenThrows(DomainError, messages.onlyActiveStops);
    spec
      .given(finished)
      .when(status('reopen'))
      .then([{ type: 'TaskProjectReopened', data: { from: 'finished' } }]);
  });
});

describe('when the project is closed', () => {
  const closed: TaskProjectEvent[] = [...staffed, { type: 'TaskProjectClosed', data: { from: 'active' } }];
  it('refuses changes, closing again, and reopening by anyone but its owner', () => {
    spec.given(closed).when(update(ADMIN)).thenThrows(DomainError, '项目已关闭，请先重新打开项目');
    spec.given(closed).when(status('close')).thenThrows(DomainError, messages.alreadyClosed);
    spec.given(closed).when(status('reopen', ADMIN)).thenThrows(DomainError, messages.noPermission);
    spec
      .given(closed)
      .when(status('reopen'))
      .then([{ type: 'TaskProjectReopened', data: { from: 'closed' } }]);
  });
  it('still lets members star it', () =>
    spec
      .given(closed)
      .when({ type: 'StarTaskProject', data: { starred: true }, ...as(MEMBER) })
      .then([{ type: 'TaskProjectStarred', data: { userId: MEMBER } }]));
});
