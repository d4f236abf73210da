import { defineService } from '@pmbok/infra';
import { taskv1 } from '@pmbok/proto';
import { createTaskUseCases } from './application/index.js';
import { taskServiceImplementation } from './grpc.js';
import { commentsProjection } from './projections/comments/index.js';
import { taskProjectsProjection } from './projections/taskProjects/index.js';
import { tasksProjection } from './projections/tasks/index.js';
import { taskPeriodsProjection } from './projections/workPeriods/index.js';
import { startAuthReactions } from './reactions/authEvents.js';
import { startLivePushes } from './reactions/livePushes.js';
import { startProjectReactions } from './reactions/projectEvents.js';
import { startTeamReactions } from './reactions/teamEvents.js';

/** The task service: task projects, flows, tasks, comments, work hours and the activity log. */
export const startTaskService = defineService({
  name: 'task',
  contract: taskv1.TaskServiceDefinition,
  projections: [taskProjectsProjection, tasksProjection, commentsProjection, taskPeriodsProjection],
  reactions: async (service) => {
    const { runtime, logger } = service;
    // The use cases a reaction runs: their commands do not wait for the read models (a reaction answers nobody).
    const { templates } = createTaskUseCases(service);
    const team = await startTeamReactions(service, templates);
    return {
      roster: team.roster,
      stops: [
        ...(await startAuthReactions(runtime)),
        ...team.stops,
        ...(await startProjectReactions(runtime)),
        ...(await startLivePushes(runtime, logger)),
      ],
    };
  },
  calls: (service, { roster }) =>
    taskServiceImplementation(createTaskUseCases({ ...service, rosterCaughtUp: async () => roster.catchUp(2_000) })),
});
