import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { markdownPage } from './console/build/markdownPage.js';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the TypeScript sources of the workspaces, not their dist builds.
const alias = {
  '@pmbok/infra/testing': src('./infra/src/testing/index.ts'),
  '@pmbok/infra/workers': src('./infra/src/workers/index.ts'),
  '@pmbok/infra': src('./infra/src/index.ts'),
  '@pmbok/proto': src('./proto/src/index.ts'),
  '@pmbok/runner': src('./runner/src/index.ts'),
  ...Object.fromEntries(
    ['auth', 'team', 'project', 'task', 'messaging', 'ai'].map((name) => [
      `@pmbok/${name}-service`,
      src(`./services/${name}/src/index.ts`),
    ]),
  ),
};

/**
 * One project per tier (file suffix): `unit` pure, `int` real adapters and gRPC on port 0, `e2e` the whole app
 * (Chromium). Every suite runs in development mode, reading SMS codes from the development outbox.
 */
const tier = (name: string, workspaces: string, test: object) => ({
  resolve: { alias },
  // The console imports documents as pages (`*.md?page`), which tests of its modules load too.
  plugins: [markdownPage()],
  test: {
    name,
    env: { PMBOK_DEV_MODE: '1' },
    include: [`{${workspaces}}/test/**/*.${name}.spec.ts`],
    ...test,
  },
});

const fast = { testTimeout: 30_000, hookTimeout: 60_000, sequence: { groupOrder: 0 } };
// PMBOK_TESTCONTAINERS=1 (and Docker): MongoDB, Kafka and NATS in containers for the suites that use engines.
const engines = { globalSetup: [src('./scripts/test/containers.ts')] };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      tier('unit', 'infra,runner,services/*,gateway,console,scripts', fast),
      tier('int', 'infra,runner,services/*,gateway,console,scripts', { ...fast, ...engines }),
      tier('e2e', 'infra,runner,services/*,gateway,console', {
        ...engines,
        testTimeout: 120_000,
        hookTimeout: 180_000,
        // One browser and one app at a time: two cores do not run more well.
        pool: 'forks',
        poolOptions: { forks: { singleFork: true } },
        // After the unit and int groups: the failure tests restart the shared Kafka broker the contract suites use.
        sequence: { groupOrder: 1 },
      }),
    ],
  },
});
