/** SPEC §5 "Question": newlines are stripped; an empty question is refused with 'please enter your question'. */
export type QuestionCheck = { ok: true; content: string } | { ok: false; error: 'app.ai.question_required' };

export function checkQuestion(text: string): QuestionCheck {
  const content = text.replace(/[\r\n]+/g, '').trim();
  return content ? { ok: true, content } : { ok: false, error: 'app.ai.question_required' };
}

/** SPEC §4: a question is sent only while the chat is idle or after an error, never while an answer streams. */
export type ChatStatus = 'init' | 'ttsing' | 'error';

export const canAsk = (status: ChatStatus) => status !== 'ttsing';
