import { setCommandId } from '@pmbok/infra';
import type { aiv1 } from '@pmbok/proto';
import { type Static, Type } from '@sinclair/typebox';
import { ApiStream, commandIdFrom, defineCall } from '../../plugins/api.js';
import * as answers from '../../schemas/ai.js';
import { integer, optionalId, paging } from '../../schemas/fields.js';

/** The longest an answer's stream is held open, whatever the service's own timeout says. */
const STREAM_LIMIT_MS = 10 * 60_000;

type Frame = Static<typeof answers.AskFrame>;
type Citation = Static<typeof answers.Citation>;

const citationsOf = (json: string): Citation[] => (json ? (JSON.parse(json) as Citation[]) : []);

/** A frame of the service's stream as the browser reads it: only the fields its type uses (docs/api/ai.md). */
export function wireFrame(frame: aiv1.AskResponse): Frame {
  const { status, aiChatGroupId } = frame;
  switch (frame.type) {
    case 'start':
      return {
        type: 'start',
        status,
        aiChatGroupId,
        name: frame.groupName,
        aiChatMessageId: frame.aiChatMessageId,
        provider: frame.provider,
        model: frame.model,
      };
    case 'citations':
      return { type: 'citations', status, aiChatGroupId, citations: citationsOf(frame.citationsJson) };
    case 'delta':
      return { type: 'delta', status, aiChatGroupId, text: frame.text };
    case 'done':
      return {
        type: 'done',
        status,
        aiChatGroupId,
        aiChatMessageId: frame.aiChatMessageId,
        outcome: 'done',
        promptTokens: frame.promptTokens,
        completionTokens: frame.completionTokens,
      };
    default:
      return {
        type: 'error',
        status: 2,
        aiChatGroupId,
        aiChatMessageId: frame.aiChatMessageId,
        outcome: 'failed',
        errorCode: frame.errorCode || 'internal',
        errorMessage: frame.errorMessage || '回答中断，请重试',
      };
  }
}

const groupId = (value: string | undefined) => Number(value || 0);

/** SPEC §7 AI chat, served by the ai service (docs/api/ai.md). Content is bounded here; the service gives the messages. */
export const aiCalls = [
  defineCall({
    module: 'ai',
    call: 'chat/group',
    access: 'user',
    response: answers.AiChatGroups,
    fields: {},
    async handle(_body, { services, metadata }) {
      const { groups } = await services.ai.listGroups({}, { metadata });
      return groups.map(({ updatedAt, createdAt, updatedLabel, ...group }) => ({
        ...group,
        updatedTimeLable: updatedLabel,
        updatedTime: updatedAt,
        createdTime: createdAt,
      }));
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/history',
    access: 'user',
    response: answers.AiChatHistory,
    fields: { aiChatGroupId: optionalId, ...paging, maxCreatedTime: Type.Optional(integer(0, 8_640_000_000_000)) },
    async handle(body, { services, metadata }) {
      const page = await services.ai.getHistory(
        {
          aiChatGroupId: groupId(body.aiChatGroupId),
          page: body.page ?? 1,
          pageSize: body.pageSize ?? 20,
          maxCreatedTime: body.maxCreatedTime ?? 0,
        },
        { metadata },
      );
      return {
        list: page.messages.map(({ citationsJson, createdAt, role, outcome, ...message }) => ({
          ...message,
          role: role === 'assistant' ? ('assistant' as const) : ('user' as const),
          outcome:
            outcome === 'stopped' || outcome === 'failed' ? (outcome as 'stopped' | 'failed') : ('done' as const),
          citations: citationsOf(citationsJson),
          createdTime: createdAt,
        })),
        hasNextPage: page.hasNextPage,
      };
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/record',
    access: 'user',
    response: answers.AiChatRecorded,
    fields: {
      aiChatGroupId: optionalId,
      role: Type.Optional(Type.String({ maxLength: 20 })),
      content: Type.Optional(Type.String({ maxLength: 40_000 })),
    },
    async handle(body, { services, metadata, request }) {
      const commandId = commandIdFrom(request, 'ai/chat/record');
      if (commandId) setCommandId(metadata, commandId);
      return services.ai.recordMessage(
        { aiChatGroupId: groupId(body.aiChatGroupId), role: body.role ?? 'user', content: body.content ?? '' },
        { metadata },
      );
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/rename',
    access: 'user',
    response: Type.Null(),
    fields: { aiChatGroupId: optionalId, name: Type.Optional(Type.String({ maxLength: 500 })) },
    async handle(body, { services, metadata }) {
      await services.ai.renameGroup(
        { aiChatGroupId: groupId(body.aiChatGroupId), name: body.name ?? '' },
        { metadata },
      );
      return null;
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/delGroup',
    access: 'user',
    response: Type.Null(),
    fields: { aiChatGroupId: optionalId },
    async handle(body, { services, metadata }) {
      await services.ai.deleteGroup({ aiChatGroupId: groupId(body.aiChatGroupId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/randomAsk',
    access: 'user',
    response: answers.AiSuggestions,
    fields: { count: Type.Optional(integer(1, 10)) },
    async handle(body, { services, metadata }) {
      const { questions } = await services.ai.suggestQuestions({ count: body.count ?? 5 }, { metadata });
      return questions.map((content) => ({ content }));
    },
  }),
  defineCall({
    module: 'ai',
    call: 'chat/ask',
    access: 'user',
    response: answers.AskFrame,
    fields: { aiChatGroupId: optionalId, content: Type.Optional(Type.String({ maxLength: 40_000 })) },
    async handle(body, { services, metadata, request }) {
      const stop = new AbortController();
      const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(STREAM_LIMIT_MS)]);
      const frames = services.ai
        .ask({ aiChatGroupId: groupId(body.aiChatGroupId), content: body.content ?? '' }, { metadata, signal })
        [Symbol.asyncIterator]();
      // What can be refused (an empty question, an unknown group, a limit) is refused before the first frame.
      const first = await frames.next().catch((error) => {
        stop.abort();
        throw error;
      });
      async function* wire() {
        try {
          if (!first.done) yield wireFrame(first.value);
          for (let next = await frames.next(); !next.done; next = await frames.next()) yield wireFrame(next.value);
        } catch (error) {
          if (stop.signal.aborted) return;
          // The service went away mid-answer: the client still gets a last frame it can show.
          request.log.warn({ err: error }, 'answer stream interrupted');
          yield wireFrame({
            type: 'error',
            errorCode: 'interrupted',
            errorMessage: '回答中断，请重试',
          } as aiv1.AskResponse);
        }
      }
      return new ApiStream(wire(), () => stop.abort());
    },
  }),
];
