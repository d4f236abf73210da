import {
  grpcService,
  type Logger,
  type ProjectionRunner,
  type RunningService,
  type RuntimeConfig,
  type Subscription,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { taskv1 } from '@pmbok/proto';
import { createTaskUseCases } from './application/index.js';
import { taskServiceImplementation } from './grpc.js';
import { commentsProjection } from './projections/comments/index.js';
import { taskProjectsProjection } from './projections/taskProjects/index.js';
import { tasksProjection } from './projections/tasks/index.js';
import { startAuthReactions } from './reactions/authEvents.js';
import { startLivePushes } from './reactions/livePushes.js';
import { startTeamReactions } from './reactions/teamEvents.js';

/** A reaction answers nobody, so it does not wait for this service's read models to apply what it appends. */
const answersNobody: ProjectionRunner = { waitFor: async () => {}, position: () => null, stop: async () => {} };

/** The task service: task projects, flows, tasks, comments, work hours and the activity log. */
export function startTaskService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
  clock?: () => number;
}): Promise<RunningService> {
  const logger = options.logger.child({ service: 'task' });
  let roster: Subscription | undefined;
  const rosterCaughtUp = async () => roster?.catchUp(2_000);
  return startService(
    'task',
    {
      projections: [taskProjectsProjection, tasksProjection, commentsProjection],
      reactions: async (runtime) => {
        const { templates } = createTaskUseCases({ runtime, projections: answersNobody, logger, now: options.clock });
        const team = await startTeamReactions(runtime, templates, logger);
        roster = team.roster;
        return [...(await startAuthReactions(runtime)), ...team.stops, ...(await startLivePushes(runtime, logger))];
      },
      grpc: (runtime, projections) => [
        grpcService(taskv1.TaskServiceDefinition, {
          ...statusImplementation('task', runtime, projections),
          ...taskServiceImplementation(
            createTaskUseCases({ runtime, projections, logger, now: options.clock, rosterCaughtUp }),
          ),
        }),
      ],
    },
    options,
  );
}
