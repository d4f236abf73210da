import type { RunReport } from '../model.js';

export { htmlReport, toHtml } from './html.js';
export { junitXml, toJUnitXml } from './junit.js';

/** The JSON report: the run's report itself, indented for reading. */
export function toJsonReport(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
