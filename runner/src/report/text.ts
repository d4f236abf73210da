import type { RequestResult, RunReport, ScriptRun } from '../model.js';

/**
 * Characters XML 1.0 cannot hold at all (C0 controls but tab, newline and return; lone surrogates; U+FFFE and
 * U+FFFF) are written as visible `\xNN` / `\uNNNN` text, so a hostile name or body cannot break the document.
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters written visibly
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function visible(char: string): string {
  const code = char.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, '0').toUpperCase()}`
    : `\\u${code.toString(16).toUpperCase()}`;
}

/** Text for XML or HTML element content. */
export function escapeText(value: unknown): string {
  return String(value ?? '')
    .replace(FORBIDDEN, visible)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text for a double- or single-quoted attribute; line breaks kept as character references. */
export function escapeAttribute(value: unknown): string {
  return escapeText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** A request's title in reports: its folder path (Postman) and name, and the iteration when there are several. */
export function resultTitle(result: RequestResult, report: RunReport): string {
  const path = [...(result.source?.folder ?? []), result.name].join(' / ');
  return report.summary.iterations > 1 ? `${path}（第 ${result.iteration + 1} 轮）` : path;
}

export function phaseName(script: ScriptRun): string {
  return script.phase === 'pre' ? '前置脚本' : '测试脚本';
}

const ERROR_KINDS: Record<NonNullable<ScriptRun['error']>['kind'], string> = {
  syntax: '语法错误',
  runtime: '运行错误',
  timeout: '超时',
  memory: '内存超限',
  stack: '调用栈过深',
  output: '输出过多',
  unsupported: '不支持的接口',
};

/** A script's failure as one line: kind, message, and where in the script. */
export function scriptErrorText(error: NonNullable<ScriptRun['error']>): string {
  const where = error.line ? `（第 ${error.line} 行${error.column ? `，第 ${error.column} 列` : ''}）` : '';
  return `${ERROR_KINDS[error.kind] ?? error.kind}：${error.message}${where}`;
}

export function seconds(ms: number): string {
  return (Math.max(0, ms) / 1000).toFixed(3);
}

/** ISO 8601 local-less timestamp as JUnit's schema wants it (no zone, no fraction). */
export function junitTimestamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}
