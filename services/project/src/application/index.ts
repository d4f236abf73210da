import { createProjectContext, type ProjectDeps } from './context.js';
import { createMembers } from './members.js';
import { createProjects } from './projects.js';
import { createSettings } from './settings.js';
import { type ContentCopier, createTemplates } from './templates.js';

/** The project service's use cases (projects, members, settings, templates), sharing one context. */
export function createProjectUseCases(deps: ProjectDeps & { copyContent?: ContentCopier }) {
  const context = createProjectContext(deps);
  const projects = createProjects(context);
  return {
    context,
    projects,
    members: createMembers(context),
    settings: createSettings(context),
    templates: createTemplates(context, projects, deps.logger, deps.copyContent),
  };
}

export type ProjectUseCases = ReturnType<typeof createProjectUseCases>;
export type { ProjectAccess, ProjectContext, ProjectDeps } from './context.js';
export type { ContentCopier } from './templates.js';
