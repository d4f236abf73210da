/**
 * The console routes that open what a notification, a follow or a card points at (console/src/app/routeTable.ts):
 * the knowledge workspace selects a tree node with `?doc=<nodeId>`, a task project's home opens a task with
 * `?task=<taskId>`, the tests page a scenario with `?scenario=<id>`.
 */
export const links = {
  team: () => '/team/index',
  project: (projectId: number) => `/project/index/${projectId}`,
  doc: (projectId: number, nodeId: number) => `/project/index/${projectId}?doc=${nodeId}`,
  /** The workspace opens documents, not folders: a folder's link is its project's. */
  folder: (projectId: number) => `/project/index/${projectId}`,
  versions: (projectId: number) => `/project/version/${projectId}`,
  testScenario: (projectId: number, testScenarioId: number) =>
    testScenarioId > 0 ? `/project/test/${projectId}?scenario=${testScenarioId}` : `/project/test/${projectId}`,
  taskProject: (taskProjectId: number) => `/task/home/${taskProjectId}`,
  task: (taskProjectId: number, taskId: number) => `/task/home/${taskProjectId}?task=${taskId}`,
};
