import type { RequestResult, RunEvent, RunReport } from '../model.js';

/** Where the terminal reporter writes; colours only on a terminal and without NO_COLOR. */
export interface TerminalOutput {
  write(text: string): unknown;
}

const paint = (code: number) => (enabled: boolean, text: string) =>
  enabled ? `\u001b[${code}m${text}\u001b[0m` : text;
const green = paint(32);
const red = paint(31);
const grey = paint(90);
const bold = paint(1);

/**
 * The `cli` reporter: a line per request as it finishes (method, URL, status, time) with ✓/✗ per assertion and
 * test, then a summary table and the failures again, numbered, so a CI log shows them at its end.
 */
export class TerminalReporter {
  private iterations = 1;

  constructor(
    private readonly out: TerminalOutput,
    private readonly color: boolean,
  ) {}

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case 'started':
        this.iterations = event.iterations;
        this.out.write(`\n${bold(this.color, event.name)}\n`);
        return;
      case 'iteration':
        if (this.iterations > 1)
          this.out.write(`\n${grey(this.color, `迭代 ${event.iteration + 1}/${this.iterations}`)}\n`);
        return;
      case 'request':
        this.out.write(this.requestLines(event.result));
        return;
      default:
        return;
    }
  }

  private requestLines(result: RequestResult): string {
    const c = this.color;
    const lines: string[] = [];
    const title = [...(result.source?.folder ?? []), result.name].join(' / ');
    lines.push(`\n→ ${title}`);
    const request = result.request;
    const response = result.response;
    if (request) {
      const answer = response
        ? `[${response.status} ${response.statusText}, ${sizeText(response.size)}, ${Math.round(response.timings.totalMs)} ms]`
        : '';
      lines.push(`  ${request.method} ${request.url} ${grey(c, answer)}`.trimEnd());
    }
    if (result.skipped) lines.push(grey(c, '  已跳过（前置脚本要求不发送）'));
    if (result.error) lines.push(red(c, `  ✗ ${result.error.message}`));
    if (result.unresolved?.length) lines.push(red(c, `  未解析的变量：${result.unresolved.join('、')}`));
    for (const script of result.scripts) {
      if (script.error)
        lines.push(
          red(c, `  ✗ ${script.phase === 'pre' ? '前置脚本' : '测试脚本'}「${script.name}」${script.error.message}`),
        );
    }
    for (const assertion of result.assertions) {
      if (assertion.passed) {
        lines.push(`  ${green(c, '✓')} ${assertion.name}`);
        continue;
      }
      lines.push(`  ${red(c, '✗')} ${assertion.name}`);
      // The message usually says both values already; they are shown apart only when it does not.
      const detail = assertion.message
        ? [assertion.message]
        : [
            assertion.expected !== undefined ? `期望 ${assertion.expected}` : undefined,
            assertion.actual !== undefined ? `实际 ${assertion.actual}` : undefined,
          ].filter(Boolean);
      if (detail.length > 0) lines.push(grey(c, `      ${detail.join(' · ')}`));
    }
    return `${lines.join('\n')}\n`;
  }

  /** The summary table, then each failure numbered. */
  finish(report: RunReport): void {
    const s = report.summary;
    const scripts = report.results.reduce((n, r) => n + r.scripts.length, 0);
    const rows: [string, string, string][] = [
      ['', '总数', '失败'],
      ['迭代', String(s.iterations), '0'],
      ['请求', String(s.requests), String(s.failedRequests)],
      ['脚本', String(scripts), String(s.scriptErrors)],
      ['断言', String(s.assertions), String(s.failedAssertions)],
    ];
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => displayWidth(row[i]!))));
    const line = (l: string, m: string, r: string) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`;
    const cell = (text: string, i: number) => (i === 0 ? padEnd(text, widths[i]!) : padStart(text, widths[i]!));
    const out: string[] = ['', line('┌', '┬', '┐')];
    for (const [n, row] of rows.entries()) {
      out.push(`│ ${row.map(cell).join(' │ ')} │`);
      if (n === 0) out.push(line('├', '┼', '┤'));
    }
    out.push(line('└', '┴', '┘'));
    out.push(
      `总耗时 ${durationText(s.durationMs)}，结果：${report.status === 'passed' ? green(this.color, '通过') : red(this.color, '未通过')}`,
    );
    if (report.message) out.push(red(this.color, report.message));
    const failures = failuresOf(report);
    if (failures.length > 0) {
      out.push('', bold(this.color, '失败：'));
      for (const [n, failure] of failures.entries()) out.push(`${String(n + 1).padStart(3)}. ${failure}`);
    }
    this.out.write(`${out.join('\n')}\n`);
  }
}

function failuresOf(report: RunReport): string[] {
  const failures: string[] = [];
  for (const result of report.results) {
    const where = [...(result.source?.folder ?? []), result.name].join(' / ');
    const round = report.summary.iterations > 1 ? `（第 ${result.iteration + 1} 轮）` : '';
    if (result.error) failures.push(`${where}${round}：${result.error.message}`);
    for (const script of result.scripts) {
      if (script.error) failures.push(`${where}${round}：脚本「${script.name}」${script.error.message}`);
    }
    for (const assertion of result.assertions) {
      if (!assertion.passed)
        failures.push(`${where}${round}：${assertion.name}${assertion.message ? ` — ${assertion.message}` : ''}`);
    }
  }
  return failures;
}

/** Terminal columns: CJK and full-width characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const wide =
      (code >= 0x1100 && code <= 0x115f) ||
      (code >= 0x2e80 && code <= 0xa4cf) ||
      (code >= 0xac00 && code <= 0xd7a3) ||
      (code >= 0xf900 && code <= 0xfaff) ||
      (code >= 0xfe30 && code <= 0xfe4f) ||
      (code >= 0xff00 && code <= 0xff60) ||
      (code >= 0xffe0 && code <= 0xffe6);
    width += wide ? 2 : 1;
  }
  return width;
}

const padEnd = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - displayWidth(text)));
const padStart = (text: string, width: number) => ' '.repeat(Math.max(0, width - displayWidth(text))) + text;

function sizeText(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
