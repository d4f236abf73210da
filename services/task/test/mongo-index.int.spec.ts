import { randomUUID } from 'node:crypto';
import { connectMongo, openMongoReadStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { type TaskDoc, tasks } from '../src/projections/tasks/index.js';

/**
 * The task list's page query on a real MongoDB uses the index declared with the read model. FerretDB (what
 * scripts/engines.sh starts) answers every query by a scan, so there the test is skipped, by name.
 */
const { MONGO_URL } = process.env;
const serverOf = async (url: string) => {
  const connection = await connectMongo({ url });
  try {
    return (await connection.db!.admin().command({ buildInfo: 1 })) as { ferretdbVersion?: string };
  } finally {
    await connection.close();
  }
};
const realMongo = MONGO_URL ? !(await serverOf(MONGO_URL)).ferretdbVersion : false;

/** Every stage of a query plan, whatever the server version's nesting. */
function stagesOf(plan: unknown): { stage: string; indexName?: string }[] {
  if (Array.isArray(plan)) return plan.flatMap(stagesOf);
  if (typeof plan !== 'object' || plan === null) return [];
  const own = 'stage' in plan ? [plan as { stage: string; indexName?: string }] : [];
  return [...own, ...Object.values(plan).flatMap(stagesOf)];
}

describe('the task list page on MongoDB', () => {
  it.skipIf(!realMongo)(
    'is read through an index in page order, without a sort in memory (needs MONGO_URL of a real MongoDB)',
    async () => {
      const dbName = `pmbok-test-taskindex-${randomUUID().slice(0, 8)}`;
      const store = await openMongoReadStore({ url: MONGO_URL!, dbName, prefix: 'task.' });
      const connection = await connectMongo({ url: MONGO_URL!, dbName });
      try {
        for (let n = 0; n < 200; n++) {
          await tasks(store).put({
            _id: String(n),
            taskId: n,
            projectId: n % 4,
            flowId: n % 3,
            createdAt: 1_000 + n,
          } as TaskDoc);
        }
        const page = await tasks(store).find(
          { projectId: 1 },
          { sort: { createdAt: -1, taskId: -1 }, skip: 10, limit: 10 },
        );
        expect(page.map((t) => t.taskId)).toEqual(Array.from({ length: 10 }, (_, i) => 197 - 4 * (10 + i)));
        const explained = await connection
          .db!.collection('task.tasks')
          .find({ projectId: 1 })
          .sort({ createdAt: -1, taskId: -1 })
          .skip(10)
          .limit(10)
          .explain('queryPlanner');
        const stages = stagesOf(explained.queryPlanner.winningPlan);
        expect(stages.find((s) => s.stage === 'IXSCAN')?.indexName).toBe('projectId_1_createdAt_-1_taskId_-1');
        expect(stages.map((s) => s.stage)).not.toContain('SORT');
        expect(stages.map((s) => s.stage)).not.toContain('COLLSCAN');
      } finally {
        await store.close();
        await connection.db!.dropDatabase();
        await connection.close();
      }
    },
  );
});
