import { type Registry, register } from 'prom-client';

/**
 * Counters and histograms for the request path, read by prom-client's registry like its own (same exposition, same
 * `get()`), but cheap to update: a call site binds its labels once (`bind`) and then adds to plain numbers. prom-client
 * validates and hashes the label object on every `inc`/`observe`; with ten of them per API answer (the HTTP duration,
 * the answer's code, and four per gRPC call) that was a few per cent of a small read's CPU (issue 24).
 */
type Labels = Record<string, string | number>;

/** One sample as prom-client's registry reads it (`metricName` for a histogram's `_bucket`, `_sum`, `_count`). */
interface Sample {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** What prom-client's registry reads from a metric (`get()`). */
interface Exposed {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Sample[];
}

interface Config {
  name: string;
  help: string;
  labelNames: readonly string[];
  /** Where it is read from; the default registry unless given, as prom-client's own metrics. */
  registers?: Registry[];
}

/** The key of a label set: its values in the declared order. */
const keyOf = (labelNames: readonly string[], labels: Labels) =>
  labelNames.map((n) => String(labels[n])).join('\u0000');

abstract class HotMetric<S> {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly aggregator = 'sum' as const;
  protected readonly series = new Map<string, { labels: Labels; state: S }>();

  constructor(config: Config) {
    this.name = config.name;
    this.help = config.help;
    this.labelNames = config.labelNames;
    for (const registry of config.registers ?? [register]) registry.registerMetric(this as never);
  }

  protected stateOf(labels: Labels): S {
    for (const name of Object.keys(labels))
      if (!this.labelNames.includes(name)) throw new Error(`${this.name} has no label ${name}`);
    const key = keyOf(this.labelNames, labels);
    let found = this.series.get(key);
    if (!found) {
      found = { labels: { ...labels }, state: this.fresh() };
      this.series.set(key, found);
    }
    return found.state;
  }

  protected abstract fresh(): S;

  reset(): void {
    for (const { state } of this.series.values()) Object.assign(state as object, this.fresh());
  }
}

export class HotCounter extends HotMetric<{ value: number }> {
  readonly type = 'counter' as const;

  protected fresh() {
    return { value: 0 };
  }

  /** An adder for one label set, to keep where the labels are known (per method, per route). */
  bind(labels: Labels): (by?: number) => void {
    const state = this.stateOf(labels);
    return (by = 1) => {
      state.value += by;
    };
  }

  inc(labels: Labels, by = 1): void {
    this.stateOf(labels).value += by;
  }

  async get(): Promise<Exposed> {
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: [...this.series.values()].map(({ labels, state }) => ({ labels, value: state.value })),
    };
  }
}

interface Buckets {
  counts: number[];
  sum: number;
  count: number;
}

export class HotHistogram extends HotMetric<Buckets> {
  readonly type = 'histogram' as const;
  readonly buckets: readonly number[];

  constructor(config: Config & { buckets: readonly number[] }) {
    super(config);
    this.buckets = [...config.buckets].sort((a, b) => a - b);
  }

  protected fresh(): Buckets {
    // One more for the values above the last bound (+Inf).
    return { counts: new Array(this.buckets.length + 1).fill(0), sum: 0, count: 0 };
  }

  /** An observer for one label set. */
  bind(labels: Labels): (value: number) => void {
    const state = this.stateOf(labels);
    const bounds = this.buckets;
    return (value) => {
      let i = 0;
      while (i < bounds.length && value > (bounds[i] as number)) i++;
      state.counts[i] = (state.counts[i] as number) + 1;
      state.sum += value;
      state.count += 1;
    };
  }

  observe(labels: Labels, value: number): void {
    this.bind(labels)(value);
  }

  async get(): Promise<Exposed> {
    const values: Sample[] = [];
    for (const { labels, state } of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += state.counts[i] as number;
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf', ...labels }, value: state.count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: state.sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: state.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}

type Tree<R> = Map<unknown, Tree<R> | R>;

/**
 * `make` called once per distinct keys, its result kept: where a call site binds a metric by values it learns per
 * request (a route, a status), found through nested maps without building a key string per call.
 */
export function cachedBy<A extends unknown[], R>(make: (...keys: A) => R): (...keys: A) => R {
  const root: Tree<R> = new Map();
  return (...keys) => {
    let level = root;
    const last = keys.length - 1;
    for (let i = 0; i < last; i++) {
      let next = level.get(keys[i]) as Tree<R> | undefined;
      if (!next) {
        next = new Map();
        level.set(keys[i], next);
      }
      level = next;
    }
    let found = level.get(keys[last]) as R | undefined;
    if (found === undefined) {
      found = make(...keys);
      level.set(keys[last], found);
    }
    return found;
  };
}
