// handleSummary for every script: the whole k6 summary as JSON and a Markdown digest (the numbers an SRE reads
// first, and each threshold held or crossed), written to SUMMARY_DIR (default load-tests/results/) and printed.

const num = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function thresholdRows(metrics) {
  const rows = [];
  for (const [name, metric] of Object.entries(metrics)) {
    for (const [expression, result] of Object.entries(metric.thresholds || {})) {
      rows.push(`| \`${name}\` | \`${expression}\` | ${result.ok ? 'held' : '**crossed**'} |`);
    }
  }
  return rows;
}

function durationRows(metrics) {
  const rows = [];
  for (const [name, metric] of Object.entries(metrics)) {
    if (metric.type !== 'trend' || !metric.values || !('p(95)' in metric.values)) continue;
    // the phases of a request (blocked, sending, …) only matter when the duration does; their sum is shown
    if (/^http_req_(?!duration)/.test(name) || name.includes('expected_response')) continue;
    const v = metric.values;
    rows.push(`| \`${name}\` | ${num(v.med)} | ${num(v['p(95)'])} | ${num(v['p(99)'])} | ${num(v.max)} |`);
  }
  return rows;
}

/** Every check with a failure, by group: the first thing to read when `checks` is crossed. */
function failedChecks(group, rows = []) {
  for (const c of group.checks || []) {
    if (c.fails > 0) rows.push(`| ${group.path || '(root)'} | ${c.name} | ${c.passes} | ${c.fails} |`);
  }
  for (const g of group.groups || []) failedChecks(g, rows);
  return rows;
}

/** Trend columns for `options.summaryTrendStats`: the digest reads p99 too. */
export const trendStats = ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'];

function counterRows(metrics) {
  const builtIn = /^(http_reqs|iterations|data_|checks|vus|ws_msgs|ws_sessions)/;
  return Object.entries(metrics)
    .filter(([name, metric]) => metric.type === 'counter' && !builtIn.test(name))
    .map(([name, metric]) => `| \`${name}\` | ${metric.values.count} | ${num(metric.values.rate)} |`);
}

function gaugeRows(metrics) {
  return Object.entries(metrics)
    .filter(([name, metric]) => metric.type === 'gauge' && !name.startsWith('vus'))
    .map(
      ([name, metric]) =>
        `| \`${name}\` | ${num(metric.values.value)} | ${num(metric.values.min)} | ${num(metric.values.max)} |`,
    );
}

export function markdown(name, data) {
  const m = data.metrics;
  const reqs = m.http_reqs?.values;
  const failed = m.http_req_failed?.values;
  const checks = m.checks?.values;
  const seconds = (data.state?.testRunDurationMs ?? 0) / 1000;
  return [
    `### k6 \`${name}\``,
    '',
    `${num(seconds, 0)} s; ${reqs ? `${reqs.count} requests, ${num(reqs.rate)} per second` : 'no HTTP requests'}; ` +
      `failed requests ${failed ? `${num(failed.rate * 100, 2)} %` : '–'}; ` +
      `checks ${checks ? `${checks.passes} passed, ${checks.fails} failed` : '–'}.`,
    '',
    '| trend (ms) | median | p95 | p99 | max |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...durationRows(m),
    '',
    ...(() => {
      const rows = counterRows(m);
      return rows.length ? ['| counter | count | per second |', '| --- | ---: | ---: |', ...rows, ''] : [];
    })(),
    ...(() => {
      const rows = gaugeRows(m);
      return rows.length ? ['| gauge | last | min | max |', '| --- | ---: | ---: | ---: |', ...rows, ''] : [];
    })(),
    '| metric | threshold | result |',
    '| --- | --- | --- |',
    ...thresholdRows(m),
    '',
    ...(() => {
      const rows = failedChecks(data.root_group || {});
      return rows.length
        ? ['| group | failed check | passes | fails |', '| --- | --- | ---: | ---: |', ...rows, '']
        : [];
    })(),
  ].join('\n');
}

/** `export const handleSummary = summary('load')` in a script. */
export function summary(name) {
  const dir = (__ENV.SUMMARY_DIR || 'load-tests/results').replace(/\/$/, '');
  return (data) => {
    const text = markdown(name, data);
    return { [`${dir}/${name}.json`]: JSON.stringify(data, null, 2), [`${dir}/${name}.md`]: text, stdout: `${text}\n` };
  };
}
