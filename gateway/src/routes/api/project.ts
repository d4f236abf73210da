import { Type } from '@sinclair/typebox';
import { id, integer, optionalText, paging, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import { Nothing } from '../../schemas/wire.js';
import { nameOf } from './enums.js';
import {
  docPrivateTypes,
  environmentView,
  flag,
  flagOf,
  inProject,
  knowledgeCall,
  memberView,
  nodeKinds,
  nodeView,
  ok,
  optionalName,
  privateTypes,
  projectId,
  projectView,
  versionUpdateTypes,
} from './project-common.js';
import { projectDocCalls } from './project-docs.js';
import { projectMemberCalls, projectUserCalls } from './project-members.js';
import { projectSettingCalls } from './project-settings.js';

const call = knowledgeCall('project');

/** Fields of `project/create`, all optional for `project/update` (docs/api/knowledge.md). */
const projectFields = {
  name: optionalText(50),
  description: optionalText(500),
  logo: optionalText(500),
  poster: Type.Optional(integer(0, 8)),
  privateType: optionalName(privateTypes.names),
  docPrivateType: optionalName(docPrivateTypes.names),
  versionUpdateType: optionalName(versionUpdateTypes.names),
  isTemplate: flag,
};
type ProjectFields = { [K in keyof typeof projectFields]?: string | number };
/** The types by name; an empty or absent one is unset (the service's default on create, unchanged on update). */
const typesOf = (b: ProjectFields) => ({
  privateType: b.privateType ? privateTypes.parse(String(b.privateType)) : undefined,
  docPrivateType: b.docPrivateType ? docPrivateTypes.parse(String(b.docPrivateType)) : undefined,
  versionUpdateType: b.versionUpdateType ? versionUpdateTypes.parse(String(b.versionUpdateType)) : undefined,
});

function projectCallsProper() {
  const onProject = (name: string, rpc: 'deleteProject' | 'leaveProject' | 'starProject' | 'unstarProject') =>
    call(name, projectId, Nothing, (b, { services: { project: p }, metadata }) =>
      ok(p[rpc](inProject(b), { metadata })),
    );
  return [
    call(
      'create',
      { ...projectFields, name: text(50) },
      answers.KnowledgeProjectCreated,
      (b, { services: { project: p }, metadata }) => {
        const { privateType = 0, docPrivateType = 0, versionUpdateType = 0 } = typesOf(b);
        const request = {
          name: b.name,
          description: b.description ?? '',
          logo: b.logo ?? '',
          poster: b.poster ?? 0,
          privateType,
          docPrivateType,
          versionUpdateType,
          isTemplate: flagOf(b.isTemplate) ?? false,
        };
        return p.createProject(request, { metadata });
      },
    ),
    call(
      'createByTemplate',
      { templateProjectId: id, name: optionalText(50) },
      answers.KnowledgeProjectCreated,
      (b, { services: { project: p }, metadata }) => {
        const request = { templateProjectId: Number(b.templateProjectId), name: b.name ?? '' };
        return p.createProjectFromTemplate(request, { metadata });
      },
    ),
    call(
      'list',
      { keyword: optionalText(100) },
      Type.Array(answers.KnowledgeProject),
      async (b, { services: { project: p }, metadata }) =>
        (await p.listProjects({ keyword: b.keyword ?? '' }, { metadata })).projects.map(projectView),
    ),
    call('templates', {}, Type.Array(answers.KnowledgeProject), async (_b, { services: { project: p }, metadata }) =>
      (await p.listTemplates({}, { metadata })).projects.map(projectView),
    ),
    call('update', { ...projectId, ...projectFields }, Nothing, (b, { services: { project: p }, metadata }) => {
      // Only the fields sent change.
      const { name, description, logo, poster } = b;
      const changes = { name, description, logo, poster, ...typesOf(b), isTemplate: flagOf(b.isTemplate) };
      return ok(p.updateProject({ ...inProject(b), ...changes }, { metadata }));
    }),
    onProject('delete', 'deleteProject'),
    call('detail', projectId, answers.KnowledgeProject, async (b, { services: { project: p }, metadata }) => {
      const { project: found } = await p.getProject(inProject(b), { metadata });
      return found && projectView(found);
    }),
    onProject('deleteProjectUser', 'leaveProject'),
    onProject('starProject', 'starProject'),
    onProject('cancelStarProject', 'unstarProject'),
    call('setting', projectId, answers.ProjectSettings, async (b, { services: { project: p }, metadata }) => {
      const settings = await p.getProjectSettings(inProject(b), { metadata });
      if (!settings.project) throw new Error('the project service answered settings without the project');
      return {
        project: projectView(settings.project),
        members: settings.members.map(memberView),
        environments: settings.environments.map(environmentView),
        responseCodes: settings.responseCodes,
        templates: settings.templates.map(nodeView),
      };
    }),
    call('myDocs', paging, answers.AuthoredDocPage, async (b, { services: { project: p }, metadata }) => {
      const answer = await p.listMyDocs({ page: b.page ?? 1, pageSize: b.pageSize ?? 20 }, { metadata });
      const list = answer.docs.map((d) => ({ ...d, kind: nameOf(nodeKinds, d.kind, 'NodeKind') }));
      return { list, total: answer.total, page: answer.page, pageSize: answer.pageSize };
    }),
  ];
}

/**
 * SPEC §7 Knowledge project calls (docs/api/knowledge.md): `/pmbok/api/project/…` and `/pmbok/api/projectUser/…`.
 * The project service checks every call against the caller's role; the gateway checks the shape of the input.
 */
export const projectCalls = [
  ...projectCallsProper(),
  ...projectMemberCalls(),
  ...projectSettingCalls(),
  ...projectDocCalls(),
  ...projectUserCalls(),
];
