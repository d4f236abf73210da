import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { cachedBy, HotCounter, HotHistogram } from '../src/hotMetrics.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const VALUES = [0.0005, 0.001, 0.002, 0.05, 0.1, 0.7, 3, 0];

/** The same metric made by prom-client and by hotMetrics must read the same to Prometheus. */
describe('hot-path metrics', () => {
  it('expose a histogram exactly as prom-client does', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const config = { name: 'x_seconds', help: 'x', labelNames: ['service', 'method'], buckets: BUCKETS };
    const reference = new Histogram({ ...config, registers: [theirs] });
    const hot = new HotHistogram({ ...config, registers: [ours] });
    const bound = hot.bind({ service: 'team', method: 'Get' });
    for (const value of VALUES) {
      reference.observe({ service: 'team', method: 'Get' }, value);
      bound(value);
      reference.observe({ service: 'auth', method: 'Put' }, value * 2);
      hot.observe({ service: 'auth', method: 'Put' }, value * 2);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('expose a counter exactly as prom-client does, numbers kept as labels', async () => {
    const theirs = new Registry();
    const ours = new Registry();
    const config = { name: 'answers_total', help: 'answers', labelNames: ['call', 'code'] };
    const reference = new Counter({ ...config, registers: [theirs] });
    const hot = new HotCounter({ ...config, registers: [ours] });
    const ok = hot.bind({ call: '/a', code: 200 });
    for (let i = 0; i < 3; i++) {
      reference.inc({ call: '/a', code: 200 });
      ok();
    }
    reference.inc({ call: '/a', code: 400 }, 2);
    hot.inc({ call: '/a', code: 400 }, 2);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const values = (await hot.get()).values;
    expect(values.find((v) => v.labels.code === 200)?.value).toBe(3);
    hot.reset();
    expect((await hot.get()).values.map((v) => v.value)).toEqual([0, 0]);
  });

  it('refuses a label it was not declared with', () => {
    const hot = new HotCounter({ name: 'y_total', help: 'y', labelNames: ['a'], registers: [new Registry()] });
    expect(() => hot.bind({ b: 'x' })).toThrow(/no label b/);
  });

  it('binds once per distinct keys', () => {
    const made: string[] = [];
    const of = cachedBy((method: string, route: string, status: number) => {
      made.push(`${method} ${route} ${status}`);
      return { method, route, status };
    });
    expect(of('GET', '/a', 200)).toBe(of('GET', '/a', 200));
    expect(of('GET', '/a', 404)).not.toBe(of('GET', '/a', 200));
    of('POST', '/a', 200);
    expect(made).toEqual(['GET /a 200', 'GET /a 404', 'POST /a 200']);
  });
});
