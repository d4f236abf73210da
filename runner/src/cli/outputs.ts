import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { RunReport } from '../model.js';
import type { RunOptionsFromArgs } from './args.js';
import { UsageError } from './errors.js';

/** Writes the file reporters asked for (JUnit XML, JSON, HTML); answers the paths written, relative to cwd. */
export async function writeReports(report: RunReport, options: RunOptionsFromArgs, cwd: string): Promise<string[]> {
  const formats = (['junit', 'json', 'html'] as const).filter((name) => options.reporters.has(name));
  if (formats.length === 0) return [];
  const { htmlReport, junitXml, toJsonReport } = await import('../report/index.js');
  const written: string[] = [];
  for (const format of formats) {
    const path = resolve(cwd, options.exports[format]);
    // Written piece by piece: a large report is not held again as one string.
    const content =
      format === 'junit' ? junitXml(report) : format === 'html' ? htmlReport(report) : toJsonReport(report);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
    } catch (error) {
      throw new UsageError(`无法写入报告 ${path}：${error instanceof Error ? error.message : String(error)}`);
    }
    written.push(relative(cwd, path) || path);
  }
  return written;
}
