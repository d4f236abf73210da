import { describe, expect, it } from 'vitest';
import setup, { enginesToStart, IMAGES, variablesFor } from './containers.js';

describe('the engines the int and e2e suites start in containers (PMBOK_TESTCONTAINERS)', () => {
  it('starts none unless PMBOK_TESTCONTAINERS is 1', () => {
    expect(enginesToStart({})).toEqual([]);
    expect(enginesToStart({ PMBOK_TESTCONTAINERS: '0' })).toEqual([]);
    expect(enginesToStart({ PMBOK_TESTCONTAINERS: 'true' })).toEqual([]);
  });

  it('starts every engine when asked, except those a variable already names', () => {
    expect(enginesToStart({ PMBOK_TESTCONTAINERS: '1' })).toEqual(['mongo', 'kafka', 'nats']);
    expect(
      enginesToStart({ PMBOK_TESTCONTAINERS: '1', MONGO_URL: 'mongodb://127.0.0.1:37018/', NATS_URL: ' ' }),
    ).toEqual(['kafka', 'nats']);
    expect(
      enginesToStart({ PMBOK_TESTCONTAINERS: '1', MONGO_URL: 'm', KAFKA_BROKERS: 'k:9092', NATS_URL: 'nats://n' }),
    ).toEqual([]);
  });

  it('names the started engines as the suites and services read them', () => {
    expect(
      variablesFor({
        mongo: { host: 'localhost', port: 32768 },
        kafka: { host: 'localhost', port: 32769 },
        nats: { host: 'localhost', port: 32770 },
      }),
    ).toEqual({
      MONGO_URL: 'mongodb://localhost:32768/?directConnection=true',
      KAFKA_BROKERS: 'localhost:32769',
      NATS_URL: 'nats://localhost:32770',
    });
    expect(variablesFor({ kafka: { host: 'h', port: 1 } })).toEqual({ KAFKA_BROKERS: 'h:1' });
  });

  it('pins every image to a version', () => {
    for (const image of Object.values(IMAGES)) expect(image).toMatch(/:\d+\.\d+\.\d+$/);
  });

  it('changes nothing without PMBOK_TESTCONTAINERS, and starts nothing', async () => {
    const saved = process.env.PMBOK_TESTCONTAINERS;
    delete process.env.PMBOK_TESTCONTAINERS;
    try {
      const before = { ...process.env };
      expect(await setup()).toBeUndefined();
      expect({ ...process.env }).toEqual(before);
    } finally {
      if (saved !== undefined) process.env.PMBOK_TESTCONTAINERS = saved;
    }
  });
});
