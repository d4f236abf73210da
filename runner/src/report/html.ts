import type { AssertionResult, RequestResult, RunReport, RunStatus } from '../model.js';
import { escapeAttribute as attr, escapeText as esc, phaseName, resultTitle, scriptErrorText } from './text.js';

const STATUS_NAMES: Record<RunStatus, string> = {
  running: '运行中',
  passed: '通过',
  failed: '未通过',
  error: '出错',
  interrupted: '已中断',
  cancelled: '已取消',
};

// Inline only: the report is one file that opens anywhere, fetches nothing and runs no script (see the CSP).
const STYLE = `
body{font:14px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;margin:0;background:#f5f6f8;color:#1f2329}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{font-size:20px;margin:0 0 4px}.meta{color:#646a73;margin-bottom:16px}
.badge{display:inline-block;padding:0 8px;border-radius:10px;font-size:12px;color:#fff;vertical-align:middle}
.passed{background:#2ea121}.failed,.error{background:#d83931}.interrupted,.cancelled,.running{background:#de7802}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin-bottom:20px}
.card{background:#fff;border-radius:6px;padding:10px 16px;min-width:120px}.card b{display:block;font-size:20px}
.card .bad{color:#d83931}
.req{background:#fff;border-radius:6px;margin-bottom:10px;padding:10px 14px;border-left:4px solid #2ea121}
.req.fail{border-left-color:#d83931}
.line{display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}.title{font-weight:600}
.method{font-family:monospace;font-weight:600}.url{font-family:monospace;word-break:break-all;color:#3370ff}
.muted{color:#8f959e}ul{margin:6px 0;padding-left:20px}li{margin:2px 0}
.ok{color:#2ea121}.no{color:#d83931}.err{color:#d83931;background:#fdecec;padding:4px 8px;border-radius:4px;margin:6px 0}
.diff{font-family:monospace;font-size:12px;background:#f8f9fa;padding:4px 8px;border-radius:4px;margin-top:2px;white-space:pre-wrap;word-break:break-all}
details{margin-top:6px}summary{cursor:pointer;color:#646a73}
pre{background:#f8f9fa;padding:8px;border-radius:4px;overflow:auto;max-height:400px;white-space:pre-wrap;word-break:break-all;font-size:12px}
table{border-collapse:collapse;font-size:12px}td{padding:1px 8px;vertical-align:top;font-family:monospace;word-break:break-all}
`;

/** One self-contained HTML page: summary, then each request with its checks; exchanges collapsed. */
export function* htmlReport(report: RunReport): Generator<string> {
  const s = report.summary;
  yield `<!DOCTYPE html>\n<html lang="zh-CN"><head><meta charset="utf-8">`;
  yield `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`;
  yield `<meta name="viewport" content="width=device-width,initial-scale=1"><title>测试报告 · ${esc(report.name)}</title>`;
  yield `<style>${STYLE}</style></head><body><main>\n`;
  yield `<h1>${esc(report.name)} <span class="badge ${attr(report.status)}">${esc(STATUS_NAMES[report.status] ?? report.status)}</span></h1>\n`;
  const environment = report.environment ? `环境：${esc(report.environment)} · ` : '';
  yield `<div class="meta">${environment}开始于 ${esc(dateText(report.startedAt))} · 耗时 ${esc(duration(s.durationMs))}</div>\n`;
  if (report.message) yield `<div class="err">${esc(report.message)}</div>\n`;
  yield '<div class="cards">';
  yield card('请求', s.requests, s.failedRequests);
  yield card('断言', s.assertions, s.failedAssertions);
  yield card('脚本错误', s.scriptErrors, s.scriptErrors);
  yield `<div class="card">迭代<b>${s.iterations}</b></div>`;
  yield '</div>\n';
  for (const result of report.results) yield requestBlock(result, report);
  if (report.results.length === 0) yield '<p class="muted">没有发送任何请求。</p>';
  yield '</main></body></html>\n';
}

export function toHtml(report: RunReport): string {
  return [...htmlReport(report)].join('');
}

function card(label: string, total: number, failed: number): string {
  const bad = failed > 0 ? ` <span class="bad">失败 ${failed}</span>` : '';
  return `<div class="card">${label}<b>${total}</b>${label === '脚本错误' ? '' : bad}</div>`;
}

function requestBlock(result: RequestResult, report: RunReport): string {
  const parts: string[] = [];
  const request = result.request;
  const response = result.response;
  parts.push(`<section class="req${result.passed ? '' : ' fail'}"><div class="line">`);
  parts.push(`<span class="${result.passed ? 'ok' : 'no'}">${result.passed ? '✓' : '✗'}</span>`);
  parts.push(`<span class="title">${esc(resultTitle(result, report))}</span>`);
  if (request)
    parts.push(`<span class="method">${esc(request.method)}</span><span class="url">${esc(request.url)}</span>`);
  if (response) parts.push(`<span>${esc(`${response.status} ${response.statusText}`)}</span>`);
  parts.push(`<span class="muted">${esc(duration(response?.timings.totalMs ?? result.durationMs))}</span>`);
  if (result.skipped) parts.push('<span class="muted">已跳过</span>');
  parts.push('</div>');
  if (result.error) parts.push(`<div class="err">${esc(result.error.message)}</div>`);
  if (result.unresolved?.length)
    parts.push(`<div class="err">未解析的变量：${esc(result.unresolved.join('、'))}</div>`);
  for (const script of result.scripts) {
    if (script.error)
      parts.push(
        `<div class="err">${esc(`${phaseName(script)}「${script.name}」${scriptErrorText(script.error)}`)}</div>`,
      );
  }
  if (result.assertions.length > 0) {
    parts.push(`<ul>${result.assertions.map((a) => assertionItem(a, result.name)).join('')}</ul>`);
  }
  if (result.extracted?.length) {
    const items = result.extracted.map((e) => `${e.variable} = ${e.missing ? '（未取到）' : e.value}`);
    parts.push(`<div class="muted">提取变量：${esc(items.join('；'))}</div>`);
  }
  const logs = result.scripts.flatMap((script) =>
    script.console.map((entry) => `[${script.name}] ${entry.level}: ${entry.text}`),
  );
  if (logs.length > 0)
    parts.push(`<details><summary>控制台输出（${logs.length}）</summary><pre>${esc(logs.join('\n'))}</pre></details>`);
  if (request) {
    const body = request.body ? `<pre>${esc(request.body)}${request.bodyTruncated ? '\n……（已截断）' : ''}</pre>` : '';
    const empty = request.headers.length === 0 && !body ? '<p class="muted">没有请求头和请求体</p>' : '';
    parts.push(`<details><summary>请求</summary>${headerTable(request.headers)}${body}${empty}</details>`);
  }
  if (response) {
    const body =
      response.bodyEncoding === 'base64'
        ? `<p class="muted">二进制内容，${response.size} 字节</p>`
        : `<pre>${esc(response.body)}${response.bodyTruncated ? '\n……（已截断）' : ''}</pre>`;
    parts.push(
      `<details><summary>响应（${response.size} 字节）</summary>${headerTable(response.headers)}${body}</details>`,
    );
  }
  parts.push('</section>\n');
  return parts.join('');
}

function assertionItem(assertion: AssertionResult, requestName: string): string {
  const mark = assertion.passed ? '<span class="ok">✓</span>' : '<span class="no">✗</span>';
  const inherited = assertion.script && assertion.script !== requestName;
  const from = inherited ? ` <span class="muted">${esc(assertion.script)}</span>` : '';
  let detail = '';
  if (!assertion.passed) {
    const lines = [
      assertion.message,
      assertion.expected !== undefined ? `期望：${assertion.expected}` : undefined,
      assertion.actual !== undefined ? `实际：${assertion.actual}` : undefined,
      ...(assertion.schemaErrors ?? []).map((e) => `${e.path || '/'}：${e.message}`),
    ].filter((line) => line !== undefined);
    if (lines.length > 0) detail = `<div class="diff">${esc(lines.join('\n'))}</div>`;
  }
  return `<li>${mark} ${esc(assertion.name)}${from}${detail}</li>`;
}

function headerTable(headers: [string, string][]): string {
  if (headers.length === 0) return '';
  return `<table>${headers.map(([name, value]) => `<tr><td>${esc(name)}</td><td>${esc(value)}</td></tr>`).join('')}</table>`;
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

function dateText(ms: number): string {
  return new Date(ms).toLocaleString('zh-CN', { hour12: false });
}
