/**
 * Global setup of the int and e2e suites (vitest.config.ts). With PMBOK_TESTCONTAINERS=1 and a container runtime
 * (Docker), it starts the real engines in containers with testcontainers: a MongoDB replica set, Kafka (KRaft) and
 * NATS with JetStream, each only if its variable (MONGO_URL, KAFKA_BROKERS, NATS_URL) is not set already, and sets
 * the variables, so the suites that read them run against real MongoDB instead of FerretDB. Without the variable
 * it does nothing and loads nothing; without a runtime it says so and does nothing, and the suites that need an
 * engine skip as they always have.
 */

/** Pinned images: a run today and a run next year test against the same servers. */
export const IMAGES = {
  mongo: 'mongo:7.0.14',
  kafka: 'confluentinc/cp-kafka:7.7.1',
  nats: 'nats:2.10.22',
} as const;

export type Engine = keyof typeof IMAGES;

/** The variable each engine is found by, as the tests and the services read it. */
export const VARIABLES = { mongo: 'MONGO_URL', kafka: 'KAFKA_BROKERS', nats: 'NATS_URL' } as const satisfies Record<
  Engine,
  string
>;

const ENGINES = Object.keys(IMAGES) as Engine[];

/** The engines to start in containers: none unless asked for, and none whose variable names one already. */
export function enginesToStart(env: Record<string, string | undefined>): Engine[] {
  if (env.PMBOK_TESTCONTAINERS !== '1') return [];
  return ENGINES.filter((engine) => !env[VARIABLES[engine]]?.trim());
}

export interface Endpoint {
  host: string;
  port: number;
}

/** The variables for started engines. MongoDB is a one-member replica set, reached directly (its host name). */
export function variablesFor(started: Partial<Record<Engine, Endpoint>>): Record<string, string> {
  const variables: Record<string, string> = {};
  const { mongo, kafka, nats } = started;
  if (mongo) variables.MONGO_URL = `mongodb://${mongo.host}:${mongo.port}/?directConnection=true`;
  if (kafka) variables.KAFKA_BROKERS = `${kafka.host}:${kafka.port}`;
  if (nats) variables.NATS_URL = `nats://${nats.host}:${nats.port}`;
  return variables;
}

interface Running {
  users: number;
  variables: Record<string, string>;
  stop: () => Promise<void>;
}

/** The int and e2e projects each run this setup in the same process: the first starts, the last stops. */
const shared = globalThis as { pmbokContainers?: Promise<Running | undefined> };

async function startContainers(engines: Engine[]): Promise<Running | undefined> {
  const notStarted = (why: string) => {
    console.warn(`PMBOK_TESTCONTAINERS=1, but ${why}: no engine started in a container`);
    return undefined;
  };
  let testcontainers: typeof import('testcontainers');
  try {
    // Pinned to testcontainers 11, which loads on Node.js 20 (12 needs 22.22); a failure to load is still only a warning.
    testcontainers = await import('testcontainers');
  } catch (error) {
    return notStarted(`testcontainers does not load on Node.js ${process.version} (${(error as Error).message})`);
  }
  const { GenericContainer, Wait, getContainerRuntimeClient } = testcontainers;
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return notStarted(`there is no container runtime (${(error as Error).message})`);
  }
  const started: { engine: Engine; stop: () => Promise<unknown>; endpoint: Endpoint }[] = [];
  const stop = async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  };
  try {
    await Promise.all(
      engines.map(async (engine) => {
        if (engine === 'mongo') {
          const { MongoDBContainer } = await import('@testcontainers/mongodb');
          const c = await new MongoDBContainer(IMAGES.mongo).start();
          started.push({ engine, stop: () => c.stop(), endpoint: { host: c.getHost(), port: c.getMappedPort(27017) } });
        } else if (engine === 'kafka') {
          const { KafkaContainer } = await import('@testcontainers/kafka');
          const c = await new KafkaContainer(IMAGES.kafka).withKraft().start();
          started.push({ engine, stop: () => c.stop(), endpoint: { host: c.getHost(), port: c.getMappedPort(9093) } });
        } else {
          const c = await new GenericContainer(IMAGES.nats)
            .withCommand(['-js'])
            .withExposedPorts(4222)
            .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
            .start();
          started.push({ engine, stop: () => c.stop(), endpoint: { host: c.getHost(), port: c.getMappedPort(4222) } });
        }
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  const variables = variablesFor(Object.fromEntries(started.map((s) => [s.engine, s.endpoint])));
  console.info(
    `testcontainers: ${Object.entries(variables)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  return { users: 0, variables, stop };
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const engines = enginesToStart(process.env);
  if (engines.length === 0) return undefined;
  shared.pmbokContainers ??= startContainers(engines);
  const running = await shared.pmbokContainers;
  if (!running) return undefined;
  running.users++;
  // Set before the project's workers start, which inherit them (and so do the processes the tests spawn).
  Object.assign(process.env, running.variables);
  return async () => {
    if (--running.users > 0) return;
    shared.pmbokContainers = undefined;
    await running.stop();
  };
}
