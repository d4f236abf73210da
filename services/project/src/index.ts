import { defineService } from '@pmbok/infra';
import { projectv1 } from '@pmbok/proto';
import { createTestRunHost, startInterruptedRunsCheck } from './application/testRunHost.js';
import { projectServiceImplementation } from './grpc.js';
import { createServiceUseCases, docsServiceImplementation } from './grpcDocs.js';
import { startImportTimer } from './grpcImport.js';
import { publishingImplementation } from './grpcPublishing.js';
import { testsImplementation } from './grpcTests.js';
import { dataFieldsProjection } from './projections/dataFields/index.js';
import { dataFieldUsesProjection } from './projections/dataFields/uses.js';
import { docsProjection } from './projections/docs/index.js';
import { searchProjection } from './projections/docs/search.js';
import { startTaskFeeds } from './projections/docs/tasks.js';
import { historyProjection } from './projections/history/index.js';
import { importSchedulesProjection } from './projections/importSchedules/index.js';
import { mockConfigProjection } from './projections/mockConfig/index.js';
import { projectsProjection } from './projections/projects/index.js';
import { projectSettingsProjection } from './projections/settings/index.js';
import { shareDocViewsProjection, shareLinksProjection } from './projections/shares/index.js';
import { testCasesProjection, testScenariosProjection } from './projections/testCases/index.js';
import { testRunsProjection } from './projections/testRuns/index.js';
import { testTokensProjection } from './projections/testTokens/index.js';
import { treeProjection } from './projections/tree/index.js';
import { versionsProjection } from './projections/versions/index.js';
import { startAuthReactions } from './reactions/authEvents.js';
import { startAutoVersions } from './reactions/autoVersions.js';
import { startMockNotices } from './reactions/mockNotices.js';
import { startShareGuardExpiry } from './reactions/shareGuardExpiry.js';
import { startTeamReactions } from './reactions/teamEvents.js';

/**
 * The project service: knowledge projects, their members and settings (this file's use cases), the document tree
 * and documents (grpcDocs.ts). services/project/README.md describes the model.
 */
export const startProjectService = defineService({
  name: 'project',
  contract: projectv1.ProjectServiceDefinition,
  projections: [
    projectsProjection,
    projectSettingsProjection,
    treeProjection,
    docsProjection,
    searchProjection,
    historyProjection,
    shareLinksProjection,
    shareDocViewsProjection,
    versionsProjection,
    importSchedulesProjection,
    mockConfigProjection,
    dataFieldsProjection,
    dataFieldUsesProjection,
    testCasesProjection,
    testScenariosProjection,
    testRunsProjection,
    testTokensProjection,
  ],
  reactions: async (service) => {
    const { runtime } = service;
    // The use cases a reaction runs: their commands do not wait for the read models (a reaction answers nobody).
    const { templates } = createServiceUseCases(service).projectUseCases;
    const team = await startTeamReactions(service, templates);
    const tasks = await startTaskFeeds(runtime);
    const auto = await startAutoVersions(service);
    const importTimer = startImportTimer(service);
    // API test runs: their threads, and the runs a stopped process left running marked interrupted.
    const testRunHost = createTestRunHost(service);
    const interruptedRuns = startInterruptedRunsCheck(testRunHost, service.now, service.logger);
    await interruptedRuns.first;
    return {
      roster: team.roster,
      testRunHost,
      stops: [
        () => testRunHost.stop(),
        interruptedRuns.stop,
        ...(await startAuthReactions(runtime)),
        ...team.stops,
        ...tasks.stops,
        ...auto,
        ...importTimer.stops,
        ...startShareGuardExpiry(service),
        ...(await startMockNotices(service)),
      ],
    };
  },
  calls: (service, { roster, testRunHost }) => {
    const { context, projectUseCases, docUseCases } = createServiceUseCases({
      ...service,
      rosterCaughtUp: async () => roster.catchUp(2_000),
    });
    return {
      ...projectServiceImplementation(projectUseCases, docsServiceImplementation(docUseCases)),
      ...publishingImplementation({ service, context, projectUseCases, docUseCases }),
      ...testsImplementation({ context, host: testRunHost }),
    };
  },
});
