/**
 * A token count for when the provider gives none (the local provider, a server that sends no usage), and for
 * trimming a prompt to its budget before the model sees it. Tokenizers differ by model; this rule of thumb
 * (docs/api/ai.md "Limits") errs high for Chinese, so a budget holds.
 */

// Han, kana and Hangul, plus CJK punctuation and full-width forms: each usually a token of its own.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** A CJK character is one token; any other text four characters (code points) a token, rounded up. */
export function estimateTokens(text: string): number {
  let cjk = 0;
  let other = 0;
  for (const char of text) {
    if (CJK.test(char)) cjk += 1;
    else other += 1;
  }
  return cjk + Math.ceil(other / 4);
}
