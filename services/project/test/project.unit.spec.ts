import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { messages, type ProjectCommand, projectDecider } from '../src/domain/project/businessLogic.js';
import { evolve, initialState, type ProjectCreated, type ProjectEvent } from '../src/domain/project/project.js';

const spec = deciderSpec(projectDecider);
const OWNER = 1;
const ADMIN = 2;
const EDITOR = 3;
const VIEWER = 4;
const TEAMMATE = 5;
const OUTSIDER = 9;
/** The actor and whether they are in the project's team now. */
const as = (actorId: number, inTeam = actorId !== OUTSIDER) => ({ metadata: { actorId, inTeam } });

const createdData: ProjectCreated['data'] = {
  projectId: 700,
  teamId: 100,
  ownerId: OWNER,
  name: '接口文档',
  description: '',
  logo: '',
  poster: 2,
  privateType: 'members',
  docPrivateType: 'private',
  versionUpdateType: 'manual',
  isTemplate: false,
  sourceProjectId: 0,
};
const created: ProjectEvent[] = [
  { type: 'ProjectCreated', data: createdData },
  { type: 'ProjectMemberAdded', data: { userId: OWNER, role: 'owner' } },
];
const staffed: ProjectEvent[] = [
  ...created,
  { type: 'ProjectMemberAdded', data: { userId: ADMIN, role: 'administrator' } },
  { type: 'ProjectMemberAdded', data: { userId: EDITOR, role: 'editor' } },
  { type: 'ProjectMemberAdded', data: { userId: VIEWER, role: 'viewer' } },
];
const teamVisible: ProjectEvent[] = [
  ...staffed,
  {
    type: 'ProjectUpdated',
    data: { changes: [{ field: 'privateType', before: 'members', after: 'team' }] },
  },
];
const team = [OWNER, ADMIN, EDITOR, VIEWER, TEAMMATE];
const update = (actorId: number, changes = { name: '新名字' }, inTeam?: boolean): ProjectCommand => ({
  type: 'UpdateProject',
  data: changes,
  ...as(actorId, inTeam),
});

describe('a new knowledge project', () => {
  it('is created with its creator as owner', () =>
    spec.given([]).when({ type: 'CreateProject', data: createdData }).then(created));

  it('checks its name, poster and types', () => {
    const create = (changes: object) =>
      spec.given([]).when({ type: 'CreateProject', data: { ...createdData, ...changes } as ProjectCreated['data'] });
    create({ name: ' ' }).thenThrows(DomainError, messages.nameRequired);
    create({ name: '项'.repeat(51) }).thenThrows(DomainError, messages.nameTooLong);
    create({ poster: 9 }).thenThrows(DomainError, messages.posterInvalid);
    create({ privateType: 'everyone' }).thenThrows(DomainError, messages.typeInvalid);
    create({ logo: 'javascript:alert(1)' }).thenThrows(DomainError, messages.logoInvalid);
  });

  it("copied from a template, starts with the template's settings and says it was copied", () => {
    const environment = {
      projectConfigId: 31,
      name: 'dev',
      baseUrl: 'http://dev',
      variables: [],
      headers: [],
      sort: 1,
    };
    const code = { responseCodeId: 41, code: '1001', meaning: '参数错误', solution: '' };
    spec
      .given([])
      .when({
        type: 'CreateProject',
        data: {
          ...createdData,
          sourceProjectId: 600,
          copied: { environments: [environment], responseCodes: [code], scripts: { before: 'let a = 1;', after: '' } },
        },
      })
      .then([
        { type: 'ProjectCreated', data: { ...createdData, sourceProjectId: 600 } },
        created[1] as ProjectEvent,
        { type: 'EnvironmentAdded', data: environment },
        { type: 'ResponseCodeAdded', data: code },
        {
          type: 'ScriptSaved',
          data: { kind: 'before', changes: [{ field: 'content', before: '', after: 'let a = 1;' }] },
        },
        { type: 'ProjectCopied', data: { sourceProjectId: 600 } },
      ]);
  });
});

describe('who may do what (docs/api/knowledge.md, roles)', () => {
  it('names the changed fields with their values before and after', () =>
    spec
      .given(staffed)
      .when(update(ADMIN, { name: '新名字', docPrivateType: 'public' } as never))
      .then([
        {
          type: 'ProjectUpdated',
          data: {
            changes: [
              { field: 'name', before: '接口文档', after: '新名字' },
              { field: 'docPrivateType', before: 'private', after: 'public' },
            ],
          },
        },
      ]));

  it('changes nothing when nothing changed', () =>
    spec
      .given(staffed)
      .when(update(OWNER, { name: '接口文档' }))
      .then([]));

  it('lets editors and viewers read but not manage, and tells outsiders nothing', () => {
    spec.given(staffed).when(update(EDITOR)).thenThrows(DomainError, messages.notManager);
    spec.given(staffed).when(update(VIEWER)).thenThrows(DomainError, messages.notManager);
    spec.given(staffed).when(update(OUTSIDER)).thenThrows(DomainError, messages.notVisible);
    // A teammate outside a members-only project, and anyone at all for a project that does not exist.
    spec.given(staffed).when(update(TEAMMATE)).thenThrows(DomainError, messages.notVisible);
    spec.given([]).when(update(OWNER)).thenThrows(DomainError, messages.notVisible);
  });

  it('shows a team-visible project to every teammate, read only', () => {
    spec
      .given(teamVisible)
      .when({ type: 'StarProject', data: { starred: true }, ...as(TEAMMATE) })
      .then([{ type: 'ProjectStarred', data: { userId: TEAMMATE } }]);
    spec.given(teamVisible).when(update(TEAMMATE)).thenThrows(DomainError, messages.readOnly);
  });

  it('shows nothing to a member who left the team, owner included', () => {
    spec
      .given(staffed)
      .when({ type: 'StarProject', data: { starred: true }, ...as(EDITOR, false) })
      .thenThrows(DomainError, messages.notVisible);
    spec
      .given(staffed)
      .when(update(OWNER, undefined, false))
      .thenThrows(DomainError, messages.notVisible);
  });

  it('is deleted by its owner only, and is then gone for everyone', () => {
    const remove = (actorId: number): ProjectCommand => ({ type: 'DeleteProject', data: {}, ...as(actorId) });
    spec.given(staffed).when(remove(ADMIN)).thenThrows(DomainError, messages.ownerOnly);
    spec
      .given(staffed)
      .when(remove(OWNER))
      .then([{ type: 'ProjectDeleted', data: { name: '接口文档' } }]);
    const deleted: ProjectEvent[] = [...staffed, { type: 'ProjectDeleted', data: { name: '接口文档' } }];
    spec.given(deleted).when(update(OWNER)).thenThrows(DomainError, messages.notVisible);
  });
});

describe('members', () => {
  const add = (actorId: number, userIds: number[], role: 'administrator' | 'editor' | 'viewer' | 'owner' = 'editor') =>
    ({ type: 'AddMembers', data: { userIds, role, teamMemberIds: team }, ...as(actorId) }) as ProjectCommand;
  const changeRole = (actorId: number, userId: number, role: 'administrator' | 'editor' | 'viewer' | 'owner') =>
    ({ type: 'ChangeMemberRole', data: { userId, role }, ...as(actorId) }) as ProjectCommand;

  it('are added from the team by owners and administrators; only the owner makes administrators', () => {
    spec
      .given(staffed)
      .when(add(ADMIN, [TEAMMATE, EDITOR], 'viewer'))
      .then([{ type: 'ProjectMemberAdded', data: { userId: TEAMMATE, role: 'viewer' } }]);
    spec
      .given(staffed)
      .when(add(ADMIN, [TEAMMATE], 'administrator'))
      .thenThrows(DomainError, messages.ownerOnly);
    spec
      .given(staffed)
      .when(add(OWNER, [TEAMMATE], 'owner'))
      .thenThrows(DomainError, messages.roleInvalid);
    spec
      .given(staffed)
      .when(add(EDITOR, [TEAMMATE]))
      .thenThrows(DomainError, messages.notManager);
    spec
      .given(staffed)
      .when(add(OWNER, [OUTSIDER]))
      .thenThrows(DomainError, messages.notInTeam);
  });

  it('change roles with the change named; administrators are the owner’s to change', () => {
    spec
      .given(staffed)
      .when(changeRole(ADMIN, VIEWER, 'editor'))
      .then([
        {
          type: 'ProjectMemberRoleChanged',
          data: { userId: VIEWER, role: 'editor', changes: [{ field: 'role', before: 'viewer', after: 'editor' }] },
        },
      ]);
    spec
      .given(staffed)
      .when(changeRole(ADMIN, ADMIN, 'editor'))
      .thenThrows(DomainError, messages.ownerOnly);
    spec
      .given(staffed)
      .when(changeRole(OWNER, OWNER, 'editor'))
      .thenThrows(DomainError, messages.ownerRoleFixed);
    spec
      .given(staffed)
      .when(changeRole(OWNER, TEAMMATE, 'editor'))
      .thenThrows(DomainError, messages.notAMember);
  });

  it('save adds a teammate or changes a member’s role', () => {
    const save = (userId: number): ProjectCommand => ({
      type: 'SaveMember',
      data: { userId, role: 'viewer', teamMemberIds: team },
      ...as(OWNER),
    });
    spec
      .given(staffed)
      .when(save(TEAMMATE))
      .then([{ type: 'ProjectMemberAdded', data: { userId: TEAMMATE, role: 'viewer' } }]);
    spec
      .given(staffed)
      .when(save(EDITOR))
      .then([
        {
          type: 'ProjectMemberRoleChanged',
          data: { userId: EDITOR, role: 'viewer', changes: [{ field: 'role', before: 'editor', after: 'viewer' }] },
        },
      ]);
  });

  it('are removed by managers (never the owner), leave by themselves (not the owner), and leave with the team', () => {
    const remove = (actorId: number, userId: number): ProjectCommand => ({
      type: 'RemoveMember',
      data: { userId },
      ...as(actorId),
    });
    spec
      .given(staffed)
      .when(remove(ADMIN, EDITOR))
      .then([{ type: 'ProjectMemberRemoved', data: { userId: EDITOR, role: 'editor', reason: 'removed' } }]);
    spec.given(staffed).when(remove(ADMIN, OWNER)).thenThrows(DomainError, messages.cannotRemoveOwner);
    spec
      .given(staffed)
      .when(remove(OWNER, ADMIN))
      .then([{ type: 'ProjectMemberRemoved', data: { userId: ADMIN, role: 'administrator', reason: 'removed' } }]);
    const leave = (actorId: number): ProjectCommand => ({ type: 'LeaveProject', data: {}, ...as(actorId) });
    spec
      .given(staffed)
      .when(leave(VIEWER))
      .then([{ type: 'ProjectMemberRemoved', data: { userId: VIEWER, role: 'viewer', reason: 'left' } }]);
    spec.given(staffed).when(leave(OWNER)).thenThrows(DomainError, messages.ownerCannotLeave);
    const departed = (userId: number): ProjectCommand => ({ type: 'DropDepartedMember', data: { userId } });
    spec
      .given(staffed)
      .when(departed(EDITOR))
      .then([{ type: 'ProjectMemberRemoved', data: { userId: EDITOR, role: 'editor', reason: 'leftTeam' } }]);
    spec.given(staffed).when(departed(OWNER)).then([]);
  });
});

describe('settings', () => {
  const env = { name: 'dev', baseUrl: 'https://dev.example.com', variables: [], headers: [] };
  const addEnv = (actorId: number, projectConfigId: number, changes: object = {}): ProjectCommand =>
    ({ type: 'AddEnvironment', data: { ...env, projectConfigId, ...changes }, ...as(actorId) }) as ProjectCommand;
  const withEnv: ProjectEvent[] = [
    ...staffed,
    { type: 'EnvironmentAdded', data: { ...env, projectConfigId: 31, sort: 1 } },
  ];

  it('environments are added at the end with unique names and http(s) base URLs, by managers', () => {
    spec
      .given(withEnv)
      .when(addEnv(ADMIN, 32, { name: 'test', baseUrl: '' }))
      .then([{ type: 'EnvironmentAdded', data: { ...env, name: 'test', baseUrl: '', projectConfigId: 32, sort: 2 } }]);
    spec.given(withEnv).when(addEnv(OWNER, 32)).thenThrows(DomainError, messages.environmentNameTaken);
    spec
      .given(withEnv)
      .when(addEnv(OWNER, 32, { name: 'x', baseUrl: 'ftp://a' }))
      .thenThrows(DomainError, messages.baseUrlInvalid);
    spec
      .given(withEnv)
      .when(addEnv(EDITOR, 32, { name: 'x' }))
      .thenThrows(DomainError, messages.notManager);
  });

  it('an environment update names what changed', () =>
    spec
      .given(withEnv)
      .when({
        type: 'UpdateEnvironment',
        data: { ...env, projectConfigId: 31, headers: [{ name: 'X-Token', value: '1', description: '' }] },
        ...as(OWNER),
      })
      .then([
        {
          type: 'EnvironmentUpdated',
          data: {
            projectConfigId: 31,
            changes: [{ field: 'headers', before: [], after: [{ name: 'X-Token', value: '1', description: '' }] }],
          },
        },
      ]));

  it('response codes are unique in the project', () => {
    const code = (responseCodeId: number, value: string): ProjectCommand => ({
      type: 'AddResponseCode',
      data: { responseCodeId, code: value, meaning: '未登录', solution: '' },
      ...as(ADMIN),
    });
    const withCode: ProjectEvent[] = [
      ...staffed,
      { type: 'ResponseCodeAdded', data: { responseCodeId: 41, code: '402', meaning: '未登录', solution: '' } },
    ];
    spec.given(withCode).when(code(42, '402')).thenThrows(DomainError, messages.codeTaken);
    spec.given(withCode).when(code(42, ' ')).thenThrows(DomainError, messages.codeRequired);
  });

  it('scripts must parse as JavaScript and stay under 100 KB; a save names the text before and after', () => {
    const save = (content: string): ProjectCommand => ({
      type: 'SaveScript',
      data: { kind: 'after', content },
      ...as(OWNER),
    });
    spec
      .given(staffed)
      .when(save('const token = await fetch(url);'))
      .then([
        {
          type: 'ScriptSaved',
          data: {
            kind: 'after',
            changes: [{ field: 'content', before: '', after: 'const token = await fetch(url);' }],
          },
        },
      ]);
    spec.given(staffed).when(save('function (')).thenThrows(DomainError, messages.scriptInvalid);
    spec
      .given(staffed)
      .when(save(`// ${'x'.repeat(100 * 1024)}`))
      .thenThrows(DomainError, messages.scriptTooLarge);
    // Checking a script compiles it, never runs it.
    spec
      .given(staffed)
      .when(save('globalThis.__ran = true;'))
      .then(expect.anything() as never);
    expect((globalThis as { __ran?: boolean }).__ran).toBeUndefined();
  });

  it('folds into the state the next decisions read', () => {
    const state = [
      ...withEnv,
      { type: 'EnvironmentRemoved', data: { projectConfigId: 31, name: 'dev' } } as ProjectEvent,
    ].reduce(evolve, initialState());
    expect(state.status === 'active' && state.environments.size).toBe(0);
  });
});
