import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * Words for the index and for questions (ADR 14): Chinese segmented by jieba's search mode (a long word and the
 * shorter words in it, so 中华人民共和国 is found by 共和国 too), Latin lower-cased, identifiers split into their
 * words as well as kept whole (`createOrder` → createorder, create, order), punctuation, whitespace and function
 * words dropped. The same function reads documents and questions, so both sides agree.
 */

/** Loading the dictionary takes ~200 ms and ~tens of MB: one instance per process, made on first use. */
let jieba: Jieba | undefined;
const segmenter = () => {
  jieba ??= Jieba.withDict(dict);
  return jieba;
};

/** Words that say nothing about what is asked: question words, particles, pronouns, politeness. */
export const STOP_WORDS = new Set([
  ...'的 了 是 吗 呢 吧 啊 呀 么 着 过 得 地 和 与 及 或 在 把 被 给 对 从 向 也 都 就 还 又 再 很 这 那 之 其 而 并 个 些 有 没 不'.split(
    ' ',
  ),
  ...'怎么 怎样 怎么样 如何 什么 哪些 哪个 哪里 为什么 是否 能否 可以 能 会 要 应该 需要 一下 一些 请 请问 帮 帮我 麻烦 谢谢 我 我们 你 你们 他 她 它 他们 这个 那个 这些 那些 这篇 那篇 里 里面 中 告诉 说说 讲讲 讲 说 介绍 有没有 多少 关于'.split(
    ' ',
  ),
  ...'a an the of to in on at for is are was be and or how what which who do does i me my you your it this that'.split(
    ' ',
  ),
]);

const HAS_WORD = /[\p{L}\p{N}]/u;
const LATIN = /[A-Za-z0-9]/;
const RUNS = /[A-Za-z0-9_]+|[^A-Za-z0-9_]+/g;
/** Splits an identifier at case changes and letter/digit boundaries: getHTTPResponse2 → get HTTP Response 2. */
const IDENTIFIER_PARTS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

function latinWords(token: string, out: string[]) {
  for (const word of token.split(/[^A-Za-z0-9]+/)) {
    if (!word) continue;
    const lower = word.toLowerCase();
    if (!STOP_WORDS.has(lower)) out.push(lower);
    const parts = word.match(IDENTIFIER_PARTS) ?? [];
    if (parts.length > 1)
      for (const part of parts) if (!STOP_WORDS.has(part.toLowerCase())) out.push(part.toLowerCase());
  }
}

/** The words of `text`, in order, repeated as often as they occur (term frequency counts). */
export function tokenize(text: string): string[] {
  if (!text) return [];
  const out: string[] = [];
  for (const token of segmenter().cutForSearch(text, true)) {
    if (!HAS_WORD.test(token)) continue;
    if (!LATIN.test(token)) {
      if (!STOP_WORDS.has(token)) out.push(token);
      continue;
    }
    // Latin (and digits) and anything else in one token, as jieba may keep them: each run as its kind.
    for (const run of token.match(RUNS) ?? []) {
      if (LATIN.test(run)) latinWords(run, out);
      else if (HAS_WORD.test(run) && !STOP_WORDS.has(run)) out.push(run);
    }
  }
  return out;
}
