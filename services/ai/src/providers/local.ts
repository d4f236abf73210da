import type { Passage, PassageKind } from '../retrieval/model.js';
import type { ChatModel, ModelChunk, ModelRequest } from './model.js';
import { estimateTokens } from './tokens.js';

/**
 * The offline default: no model, so the answer is the passages themselves — which sources matched, numbered as
 * the citations are, and their sentences that share the most words with the question — said plainly to be
 * quotations. Streamed a few characters at a time so the console shows it the way it shows a model's answer.
 */
export function createLocalModel(promptBudget = 6000): ChatModel {
  return { provider: 'local', model: 'local', promptBudget, stream: streamLocal };
}

export const NO_MODEL_NOTE = '未配置语言模型，以下内容直接摘自团队的文档、字段规范和任务：';

const PIECE = 4;

async function* streamLocal(request: ModelRequest): AsyncGenerator<ModelChunk> {
  const answer = composeLocalAnswer(request.question, request.passages);
  const characters = Array.from(answer);
  for (let at = 0; at < characters.length; at += PIECE) {
    // Lets other answers and requests run between pieces, and a stop arrive.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (request.signal.aborted) return;
    yield { type: 'text', text: characters.slice(at, at + PIECE).join('') };
  }
  if (request.signal.aborted) return;
  const prompt = request.turns.map((turn) => turn.content).join('\n');
  yield { type: 'usage', promptTokens: estimateTokens(prompt), completionTokens: estimateTokens(answer) };
}

const KIND_LABEL: Record<PassageKind, string> = {
  api: '接口',
  page: '文档',
  schema: '数据结构',
  field: '字段规范',
  task: '任务',
};

/** The local provider's answer in markdown. */
export function composeLocalAnswer(question: string, passages: Passage[]): string {
  if (passages.length === 0) return nothingFound();
  const terms = termsOf(question);
  const sections = passages.map((passage, index) => {
    const where = [passage.projectName, KIND_LABEL[passage.kind]].filter(Boolean).join(' · ');
    const lines = excerpt(passage, terms).map((sentence) => `- ${sentence}`);
    return [`**[${index + 1}] ${passage.title}**${where ? `（${where}）` : ''}`, ...lines].join('\n');
  });
  return [
    NO_MODEL_NOTE,
    ...sections,
    '以上为原文摘录，点击引用可打开来源。管理员配置语言模型（`PMBOK_AI_PROVIDER`）后，助手会据此整理成回答。',
  ].join('\n\n');
}

function nothingFound(): string {
  return [
    '未配置语言模型，也没有在团队的文档、字段规范和任务中找到与这个问题相关的内容。',
    '可以试试：',
    [
      '- 换个说法，或直接用接口名、文档标题、字段名、任务名提问；',
      '- 确认相关项目对你可见（成员可见的项目需要你是成员）；',
      '- 请管理员配置语言模型：设置 `PMBOK_AI_PROVIDER=openai`（以及 `PMBOK_AI_OPENAI_BASE_URL`、`PMBOK_AI_OPENAI_API_KEY`、`PMBOK_AI_OPENAI_MODEL`）或 `PMBOK_AI_PROVIDER=spark`（以及 `PMBOK_AI_SPARK_APP_ID`、`PMBOK_AI_SPARK_API_KEY`、`PMBOK_AI_SPARK_API_SECRET`），重启 ai 服务后由模型回答。',
    ].join('\n'),
  ].join('\n\n');
}

// Words of a question that say nothing about its subject.
const STOP = new Set(
  '怎么 怎样 如何 什么 哪些 哪个 哪里 是否 可以 能否 一下 这个 那个 这篇 那篇 里有 有哪 有什 讲了 了什 么调 么用 请问 告诉 我们 你们 的是 是什 吗 呢'.split(
    ' ',
  ),
);

/** The question's words: lower-cased latin words and numbers, and overlapping pairs of CJK characters. */
export function termsOf(question: string): Set<string> {
  const terms = new Set<string>();
  for (const word of question.toLowerCase().match(/[a-z0-9_./-]{2,}/g) ?? []) terms.add(word);
  for (const run of question.match(/\p{Script=Han}+/gu) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) continue;
    for (let i = 0; i + 1 < chars.length; i += 1) terms.add(`${chars[i]}${chars[i + 1]}`);
  }
  for (const stop of STOP) terms.delete(stop);
  return terms;
}

const METHOD_LINE = /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/?[\w/{}:.$-]*/;
const TASK_FACT = /(状态|负责人|处理人|执行人|经办人|截止|到期|开始|结束|阶段|优先级|status|assignee|due|deadline)/i;
const MAX_SENTENCE = 160;
const MAX_PICKED = 3;
const MAX_KEPT = 5;

/** The passage's sentences to show: the ones a reader needs anyway, then the best matches, in their order. */
function excerpt(passage: Passage, terms: Set<string>): string[] {
  const sentences = sentencesOf(passage.text).filter((sentence) => sentence !== passage.title);
  const must = (sentence: string) =>
    (passage.kind === 'api' && METHOD_LINE.test(sentence)) || (passage.kind === 'task' && TASK_FACT.test(sentence));
  const scored = sentences.map((sentence, index) => ({ sentence, index, score: scoreOf(sentence, terms) }));
  const kept = new Set(
    scored
      .filter((s) => must(s.sentence))
      .slice(0, MAX_KEPT)
      .map((s) => s.index),
  );
  const best = scored
    .filter((s) => s.score > 0 && !kept.has(s.index))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, MAX_PICKED);
  for (const s of best) kept.add(s.index);
  // Nothing shares a word with the question (retrieval matched on segmentation we do not repeat): its opening.
  if (kept.size === 0) for (const s of scored.slice(0, 2)) kept.add(s.index);
  return scored.filter((s) => kept.has(s.index)).map((s) => clip(s.sentence));
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[。！？；!?;])|(?<=\.)\s+/))
    .map((sentence) => sentence.replace(/^[\s#>*-]+/, '').trim())
    .filter((sentence) => sentence.length > 0);
}

function scoreOf(sentence: string, terms: Set<string>): number {
  const lower = sentence.toLowerCase();
  let score = 0;
  for (const term of terms) if (lower.includes(term)) score += 1;
  return score;
}

function clip(sentence: string): string {
  const chars = Array.from(sentence);
  return chars.length > MAX_SENTENCE ? `${chars.slice(0, MAX_SENTENCE).join('')}…` : sentence;
}
