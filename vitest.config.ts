import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { markdownPage } from './console/build/markdownPage.js';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the TypeScript sources of the workspaces, not their dist builds.
const alias = {
  '@pmbok/infra/testing': src('./infra/src/testing/index.ts'),
  '@pmbok/infra': src('./infra/src/index.ts'),
  '@pmbok/proto': src('./proto/src/index.ts'),
  ...Object.fromEntries(
    ['auth', 'team', 'project', 'task', 'messaging', 'ai'].map((name) => [
      `@pmbok/${name}-service`,
      src(`./services/${name}/src/index.ts`),
    ]),
  ),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // The console imports documents as pages (`*.md?page`), which tests of its modules load too.
        plugins: [markdownPage()],
        test: {
          name: 'unit',
          // Development mode: the suites read SMS codes from the development outbox.
          env: { PMBOK_DEV_MODE: '1' },
          include: ['{infra,services/*,gateway,console,scripts}/test/**/*.{unit,int}.spec.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        // The console imports documents as pages (`*.md?page`), which tests of its modules load too.
        plugins: [markdownPage()],
        test: {
          name: 'e2e',
          env: { PMBOK_DEV_MODE: '1' },
          include: ['{infra,services/*,gateway,console}/test/**/*.e2e.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser and one app at a time: two cores do not run more well.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          // After the unit group: the failure tests restart the shared Kafka broker, which the contract suites use.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
