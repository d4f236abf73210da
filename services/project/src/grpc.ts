import { type Caller, enumCodec, invalid, signedInCaller } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import type { CallContext } from 'nice-grpc-common';
import type { ProjectUseCases } from './application/index.js';
import type { MemberView, ProjectView } from './application/views.js';
import type { ProjectRole } from './domain/project/project.js';
import { messages } from './domain/project/rules.js';
import type { DocsCalls } from './grpcDocsCalls.js';
import type { PublishingCallName } from './grpcPublishing.js';
import type { TestsCallName } from './grpcTests.js';

export const roles = enumCodec(projectv1.ProjectRole, 'PROJECT_ROLE_');
export const privateTypes = enumCodec(projectv1.PrivateType, 'PRIVATE_TYPE_');
export const docPrivateTypes = enumCodec(projectv1.DocPrivateType, 'DOC_PRIVATE_TYPE_');
export const versionUpdateTypes = enumCodec(projectv1.VersionUpdateType, 'VERSION_UPDATE_TYPE_');
const scriptKinds = enumCodec(projectv1.ScriptKind, 'SCRIPT_KIND_');

const roleToProto = (role: ProjectRole | '') =>
  role ? roles.toProto(role) : projectv1.ProjectRole.PROJECT_ROLE_UNSPECIFIED;
const project = (view: ProjectView) => ({
  ...view,
  privateType: privateTypes.toProto(view.privateType),
  docPrivateType: docPrivateTypes.toProto(view.docPrivateType),
  versionUpdateType: versionUpdateTypes.toProto(view.versionUpdateType),
  myRole: roleToProto(view.myRole),
});
const members = (list: MemberView[]) => list.map((m) => ({ ...m, role: roles.toProto(m.role) }));
const givenRole = (value: number) => {
  const role = roles.fromProto(value);
  if (!role) throw invalid(messages.roleInvalid);
  return role;
};
const scriptKind = (value: number) => {
  const kind = scriptKinds.fromProto(value);
  if (!kind) throw invalid('脚本类型无效');
  return kind;
};
/** An optional enum of an update: unset and UNSPECIFIED both keep the field. */
const optional = <N>(value: number | undefined, parse: (v: number) => N | undefined) =>
  value === undefined ? undefined : parse(value);
const done = async (work: Promise<unknown>) => {
  await work;
  return {};
};

type Implementation = Omit<projectv1.ProjectServiceImplementation, 'getStatus' | PublishingCallName | TestsCallName>;

/**
 * Requests in, use cases called, responses out. The caller comes from the metadata the gateway sets. The tree and
 * document calls are `docs` (grpcDocs.ts), spread in; `project/setting`'s templates come from them too.
 */
export function projectServiceImplementation(useCases: ProjectUseCases, docs: DocsCalls): Implementation {
  const { projects, templates, settings } = useCases;
  const team = useCases.members;
  const who = signedInCaller;

  /** The API templates for the settings screen; none while the document calls are not there yet. */
  const apiTemplates = (projectId: number, c: CallContext) =>
    Promise.resolve(docs.listApiTemplates({ projectId }, c)).then(
      (answer) => answer.templates ?? [],
      () => [],
    );

  const own: Omit<Implementation, keyof DocsCalls> = {
    createProject: (r, c) =>
      projects.create(
        {
          name: r.name,
          description: r.description,
          logo: r.logo,
          poster: r.poster,
          privateType: privateTypes.fromProto(r.privateType) ?? 'members',
          docPrivateType: docPrivateTypes.fromProto(r.docPrivateType) ?? 'private',
          versionUpdateType: versionUpdateTypes.fromProto(r.versionUpdateType) ?? 'manual',
          isTemplate: r.isTemplate,
        },
        who(c),
      ),
    createProjectFromTemplate: (r, c) => templates.createByTemplate(r.templateProjectId, r.name, who(c)),
    listProjects: async (r, c) => ({ projects: (await projects.list(r.keyword, who(c))).map(project) }),
    listTemplates: async (_r, c) => ({ projects: (await projects.templates(who(c))).map(project) }),
    updateProject: ({ projectId, privateType, docPrivateType, versionUpdateType, ...fields }, c) =>
      done(
        projects.update(
          projectId,
          {
            ...fields,
            privateType: optional(privateType, privateTypes.fromProto),
            docPrivateType: optional(docPrivateType, docPrivateTypes.fromProto),
            versionUpdateType: optional(versionUpdateType, versionUpdateTypes.fromProto),
          },
          who(c),
        ),
      ),
    deleteProject: (r, c) => done(projects.remove(r.projectId, who(c))),
    getProject: async (r, c) => ({ project: project(await projects.detail(r.projectId, who(c))) }),
    leaveProject: (r, c) => done(projects.leave(r.projectId, who(c))),
    starProject: (r, c) => done(projects.star(r.projectId, true, who(c))),
    unstarProject: (r, c) => done(projects.star(r.projectId, false, who(c))),
    getProjectSettings: async (r, c) => {
      const caller: Caller = who(c);
      const detail = await projects.detail(r.projectId, caller);
      const [list, own, apis] = await Promise.all([
        team.list(r.projectId, caller),
        settings.settingsOf(r.projectId, caller),
        apiTemplates(r.projectId, c),
      ]);
      return {
        project: project(detail),
        members: members(list),
        environments: own.environments,
        responseCodes: own.responseCodes,
        templates: apis,
      };
    },

    listMembers: async (r, c) => ({ members: members(await team.list(r.projectId, who(c))) }),
    addMembers: (r, c) => team.add(r.projectId, r.userIds, roles.fromProto(r.role) ?? 'editor', who(c)),
    saveMember: (r, c) => done(team.save(r.projectId, r.userId, givenRole(r.role), who(c))),
    changeMemberRole: (r, c) => done(team.changeRole(r.projectId, r.userId, givenRole(r.role), who(c))),
    removeMember: (r, c) => done(team.remove(r.projectId, r.userId, who(c))),
    listTeamCandidates: async (r, c) => ({
      candidates: (await team.candidates(r.projectId, who(c))).map((m) => ({ ...m, role: roleToProto(m.role) })),
    }),
    getMyMembership: async (r, c) => {
      const mine = await team.mine(r.projectId, who(c));
      return { ...mine, role: roleToProto(mine.role) };
    },

    listEnvironments: async (r, c) => ({ environments: await settings.environments(r.projectId, who(c)) }),
    addEnvironment: ({ projectId, ...input }, c) => settings.addEnvironment(projectId, input, who(c)),
    updateEnvironment: ({ projectId, ...input }, c) => done(settings.updateEnvironment(projectId, input, who(c))),
    removeEnvironment: (r, c) => done(settings.removeEnvironment(r.projectId, r.projectConfigId, who(c))),
    listResponseCodes: async (r, c) => ({ responseCodes: await settings.responseCodes(r.projectId, who(c)) }),
    addResponseCode: ({ projectId, ...input }, c) => settings.addResponseCode(projectId, input, who(c)),
    updateResponseCode: ({ projectId, ...input }, c) => done(settings.updateResponseCode(projectId, input, who(c))),
    removeResponseCode: (r, c) => done(settings.removeResponseCode(r.projectId, r.responseCodeId, who(c))),
    saveScript: (r, c) => done(settings.saveScript(r.projectId, scriptKind(r.kind), r.content, who(c))),
    getScripts: async (r, c) => {
      const scripts = await settings.scripts(r.projectId, who(c));
      return { beforeScript: scripts.before, afterScript: scripts.after };
    },
  };
  return { ...own, ...docs };
}
