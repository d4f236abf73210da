import { commandIdOf, signedInCaller } from '@pmbok/infra';
import type { aiv1 } from '@pmbok/proto';
import type { AiUseCases } from './application/index.js';

/** Requests in, use cases called, responses out; the caller comes from the gateway's metadata. */
export function aiServiceImplementation({
  groups,
  ask,
  suggest,
}: AiUseCases): Omit<aiv1.AiServiceImplementation, 'getStatus'> {
  return {
    async listGroups(_request, context) {
      return { groups: await groups.list(signedInCaller(context)) };
    },
    async getHistory(request, context) {
      const page = await groups.history(request, signedInCaller(context));
      return {
        messages: page.messages.map(({ citations, ...message }) => ({
          ...message,
          citationsJson: JSON.stringify(citations),
        })),
        hasNextPage: page.hasNextPage,
      };
    },
    async recordMessage(request, context) {
      return groups.recordMessage(request, signedInCaller(context), commandIdOf(context));
    },
    async renameGroup(request, context) {
      await groups.rename(request, signedInCaller(context));
      return {};
    },
    async deleteGroup(request, context) {
      await groups.remove(request.aiChatGroupId, signedInCaller(context));
      return {};
    },
    async suggestQuestions(request, context) {
      return { questions: await suggest(request.count, signedInCaller(context)) };
    },
    async *ask(request, context) {
      const caller = signedInCaller(context);
      for await (const frame of ask(request, caller, context.signal)) {
        const status = frame.type === 'start' ? 0 : frame.type === 'done' || frame.type === 'error' ? 2 : 1;
        if (frame.type === 'citations') {
          const { citations, ...rest } = frame;
          yield { ...rest, status, citationsJson: JSON.stringify(citations) };
        } else if (frame.type === 'start') {
          const { name, ...rest } = frame;
          yield { ...rest, status, groupName: name };
        } else {
          yield { ...frame, status };
        }
      }
    },
  };
}
