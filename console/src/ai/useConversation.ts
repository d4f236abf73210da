import type { AskFrame } from '@pmbok/api-types';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { ApiError } from '../api/request';
import { historyPage } from './aiApi';
import { askFrames } from './askStream';
import { conversationReducer, emptyConversation } from './conversation';
import { canAsk, checkQuestion } from './question';

export type SendResult = 'sent' | 'invalid' | 'busy' | 'refused';

/**
 * One group's messages: its history read backwards a page at a time, and the questions asked in it, their answers
 * streamed in. Closing the dialog or leaving the group stops an answer under way (the server keeps it, stopped).
 */
export function useConversation(groupId: number, onSaved: (frame: AskFrame, question: string) => void) {
  const notify = useNotify();
  const translate = useTranslate();
  const [state, dispatch] = useReducer(conversationReducer, emptyConversation);
  const [loading, setLoading] = useState(false);
  const latest = useRef(state);
  latest.current = state;
  // the id a follow-up goes to: a new group's comes with its first answer's start frame
  const group = useRef(groupId);
  if (groupId) group.current = groupId;
  const opened = useRef(groupId);
  const reading = useRef(false);
  const answer = useRef<AbortController | null>(null);
  const saved = useRef(onSaved);
  saved.current = onSaved;

  const readPage = useCallback(async (page: number) => {
    if (reading.current || !opened.current) return;
    reading.current = true;
    setLoading(true);
    try {
      const history = await historyPage(opened.current, page, page === 1 ? 0 : latest.current.anchor);
      dispatch({ type: 'page', page, list: history.list, hasNextPage: history.hasNextPage });
    } catch {
      // the request client has shown why; scrolling up tries again
    } finally {
      reading.current = false;
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void readPage(1);
    return () => answer.current?.abort();
  }, [readPage]);

  /** SPEC §4 "Scrolling to the top loads the previous page while hasNextPage is true". */
  const loadOlder = useCallback(() => {
    if (latest.current.hasNextPage) void readPage(latest.current.page + 1);
  }, [readPage]);

  const send = useCallback(
    async (text: string): Promise<SendResult> => {
      const question = checkQuestion(text);
      if (!question.ok) {
        notify(question.error, { type: 'error' });
        return 'invalid';
      }
      if (!canAsk(latest.current.status)) return 'busy';
      dispatch({ type: 'asked', content: question.content, now: Date.now() });
      const controller = new AbortController();
      answer.current = controller;
      let started = false;
      let ended = false;
      try {
        for await (const frame of askFrames(
          { aiChatGroupId: group.current, content: question.content },
          controller.signal,
        )) {
          dispatch({ type: 'frame', frame });
          if (frame.type === 'start') {
            started = true;
            group.current = frame.aiChatGroupId;
            saved.current(frame, question.content);
          }
          if (frame.type === 'error') {
            const messageArgs = { code: frame.errorCode ?? '', message: frame.errorMessage ?? '' };
            notify('app.ai.question_failed', { type: 'error', messageArgs });
          }
          if (frame.status === 2) ended = true;
        }
        if (!ended) throw new Error(translate('app.request.network_error'));
      } catch (error) {
        if (controller.signal.aborted) {
          dispatch({ type: 'stopped' });
        } else if (error instanceof ApiError && !started) {
          // refused before anything was saved (SPEC §8: code 400 shows its message)
          dispatch({ type: 'refused' });
          notify(error.message, { type: 'error' });
          return 'refused';
        } else {
          const message = error instanceof Error ? translate(error.message, { _: error.message }) : String(error);
          dispatch({ type: 'broken', message });
          notify('app.ai.question_failed', { type: 'error', messageArgs: { code: 'network', message } });
        }
      } finally {
        if (answer.current === controller) answer.current = null;
      }
      return 'sent';
    },
    [notify, translate],
  );

  const stop = useCallback(() => answer.current?.abort(), []);

  return { ...state, loading, loadOlder, send, stop };
}
