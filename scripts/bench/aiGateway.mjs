// The AI assistant through the gateway (issue 19): the time from a question to the first streamed piece of the
// answer with the offline `local` provider, against a plain signed-in call measured the same way in the same run; and
// how long after a document's save (answered 200) the assistant first cites it. Called by scripts/bench.mjs.
import { performance } from 'node:perf_hooks';
import { percentile } from './lib.mjs';

/** Posts a question and reads the NDJSON answer: times to the start frame, the first delta and the last frame. */
async function askTimed(url, token, teamId, content) {
  const started = performance.now();
  const response = await fetch(`${url}/pmbok/api/ai/chat/ask`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ teamId, aiChatGroupId: 0, content }),
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const times = {};
  const frames = [];
  let buffered = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      const envelope = JSON.parse(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
      if (envelope.code !== 200) throw new Error(`ai/chat/ask: ${JSON.stringify(envelope)}`);
      const frame = envelope.data;
      frames.push(frame);
      const at = performance.now() - started;
      if (frame.type === 'start') times.start = at;
      if (frame.type === 'delta' && times.first === undefined) times.first = at;
      if (frame.status === 2) times.last = at;
    }
  }
  return { ...times, frames };
}

/** A page saved through the API; `savedDone` is when its save was answered. */
async function savePage(postApi, url, token, teamId, projectId, name, markdown) {
  const node = await postApi(url, 'project/addStructure', { teamId, projectId, kind: 'page', name }, token);
  const detail = await postApi(
    url,
    'project/docDetail',
    { teamId, projectId, projectStructureId: node.projectStructureId },
    token,
  );
  await postApi(
    url,
    'project/saveDoc',
    {
      teamId,
      projectId,
      projectStructureId: node.projectStructureId,
      baseVersion: detail.version,
      doc: JSON.stringify({ markdown }),
    },
    token,
  );
  return { node, savedDone: performance.now() };
}

export async function benchAiGateway({ url, token, tools, questions = 100 }) {
  const { postApi, log } = tools;
  const { teamId } = await postApi(url, 'team/create', { teamName: 'AI 基准' }, token);
  const { projectId } = await postApi(
    url,
    'project/create',
    { teamId, name: 'AI 基准文档', privateType: 'team' },
    token,
  );
  for (let i = 0; i < 50; i++) {
    await savePage(
      postApi,
      url,
      token,
      teamId,
      projectId,
      `订单流程说明${i}`,
      `第 ${i} 篇：创建订单、支付订单、退款的流程和注意事项。`,
    );
  }

  // A plain signed-in call, timed the same way: what any request through the gateway costs on this machine.
  const plain = [];
  for (let i = 0; i < questions; i++) {
    const started = performance.now();
    await postApi(url, 'userInfo/getUserInfo', {}, token);
    plain.push(performance.now() - started);
  }
  log(`ai: ${questions} questions with the local provider`);
  const first = [];
  const start = [];
  const whole = [];
  for (let i = 0; i < questions; i++) {
    const answer = await askTimed(url, token, teamId, `订单流程说明${i % 50}讲了什么？`);
    start.push(answer.start);
    first.push(answer.first);
    whole.push(answer.last);
  }

  // Index update delay: from a save's 200 to the first answer that cites the document (asked back to back).
  const delays = [];
  for (let i = 0; i < 10; i++) {
    const marker = `基准标记词${i}号${Date.now() % 100000}`;
    const { node, savedDone } = await savePage(
      postApi,
      url,
      token,
      teamId,
      projectId,
      `新文档${i}`,
      `${marker} 是新写的说明。`,
    );
    let asks = 0;
    for (;;) {
      asks++;
      const answer = await askTimed(url, token, teamId, `${marker}是什么？`);
      const cited = answer.frames.find((f) => f.type === 'citations')?.citations ?? [];
      if (cited.some((c) => c.route.endsWith(`doc=${node.projectStructureId}`))) {
        delays.push({ ms: performance.now() - savedDone, asks });
        break;
      }
      if (asks > 200) throw new Error('the new document was never cited');
    }
  }
  const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });
  return {
    questions,
    plain: stats(plain),
    start: stats(start),
    first: stats(first),
    whole: stats(whole),
    delay: stats(delays.map((d) => d.ms)),
    delayAsks: Math.max(...delays.map((d) => d.asks)),
  };
}

/** The report's section: the gateway numbers above and the retrieval benchmark's (scripts/bench/aiRetrieval.mjs). */
export function aiSection(gateway, retrieval, { fmt, ms }) {
  const lines = ['## AI assistant', ''];
  if (gateway) {
    lines.push(
      `Same app and settings as above, the default \`local\` provider (no language model: the answer is composed from the`,
      `passages retrieved). One user asks ${fmt(gateway.questions)} questions one after another over a team of 50 pages through`,
      '`ai/chat/ask`, reading the streamed answer (NDJSON) with fetch; each question also saves the question and the',
      'answer (two appends, fsynced). The baseline is `userInfo/getUserInfo` timed the same way, one at a time, in this run.',
      '',
      '| measure | p50 | p99 | p50 ÷ baseline p50 |',
      '| --- | ---: | ---: | ---: |',
      `| baseline: \`userInfo/getUserInfo\` | ${ms(gateway.plain.p50)} | ${ms(gateway.plain.p99)} | 1 |`,
      `| first frame (question saved, \`start\`) | ${ms(gateway.start.p50)} | ${ms(gateway.start.p99)} | ${fmt(gateway.start.p50 / gateway.plain.p50, 1)} |`,
      `| **first streamed token** (\`delta\`) | ${ms(gateway.first.p50)} | ${ms(gateway.first.p99)} | ${fmt(gateway.first.p50 / gateway.plain.p50, 1)} |`,
      `| whole answer (\`done\`, answer saved) | ${ms(gateway.whole.p50)} | ${ms(gateway.whole.p99)} | ${fmt(gateway.whole.p50 / gateway.plain.p50, 1)} |`,
      `| index update delay: save answered → first answer citing it | ${ms(gateway.delay.p50)} | ${ms(gateway.delay.p99)} | — |`,
      '',
      gateway.delayAsks === 1
        ? "The first question after each save already cited the new page, so the delay is one answer's time: the index is"
        : `The delay is measured by asking again until an answer cites the new page (at most ${gateway.delayAsks} questions); the index is`,
      'brought up to date inside the retrieval, from the read models fed by the bus.',
      '',
    );
  }
  if (retrieval?.markdown) lines.push(...retrieval.markdown, '');
  return lines;
}
