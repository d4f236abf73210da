import { createTaskContext, type TaskDeps } from './context.js';
import { createFlows } from './flows.js';
import { createMembers } from './members.js';
import { createMine } from './mine.js';
import { createProjects } from './projects.js';
import { createTaskQueries } from './taskQueries.js';
import { createTasks } from './tasks.js';
import { createTemplates } from './templates.js';

/** The task service's use cases, sharing one context. */
export function createTaskUseCases(deps: TaskDeps) {
  const context = createTaskContext(deps);
  const projects = createProjects(context);
  return {
    projects,
    templates: createTemplates(context, projects, deps.logger),
    members: createMembers(context),
    flows: createFlows(context),
    tasks: createTasks(context),
    queries: createTaskQueries(context),
    mine: createMine(context),
  };
}

export type TaskUseCases = ReturnType<typeof createTaskUseCases>;
export type { TaskDeps } from './context.js';
