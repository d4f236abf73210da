import { Type } from '@sinclair/typebox';
import { oneOf } from './wire.js';

/** Answers of the AI assistant's calls (SPEC §7 AI chat; the contract is docs/api/ai.md). */

/** What a passage came from: an api, page or schema document, a field standard, or a task. */
export const CitationKind = oneOf('api', 'page', 'schema', 'field', 'task');

/** A source an answer used, numbered as the answer cites it (`[1]`), with the console path that opens it. */
export const Citation = Type.Object({
  n: Type.Integer(),
  kind: CitationKind,
  /** docId (api, page, schema), dataFieldId (field) or taskId (task). */
  id: Type.Integer(),
  /** The knowledge project (documents, a project's fields), the task project (tasks); 0 for a team's field. */
  projectId: Type.Integer(),
  projectName: Type.String(),
  title: Type.String(),
  /** A short excerpt of the passage (at most 200 characters). */
  snippet: Type.String(),
  /** The console path that opens the source: /project/index/3?doc=12, /task/home/5?task=9, /project/field/3. */
  route: Type.String(),
});

/** `ai/chat/group`: one of the caller's groups. `updatedTimeLable` (SPEC's spelling) is SPEC §9's relative time. */
export const AiChatGroup = Type.Object({
  aiChatGroupId: Type.Integer(),
  name: Type.String(),
  lastQuestion: Type.String(),
  updatedTimeLable: Type.String(),
  updatedTime: Type.Integer(),
  createdTime: Type.Integer(),
});
export const AiChatGroups = Type.Array(AiChatGroup);

/** One message of a group. An answer's `outcome` says whether it finished, was stopped or failed. */
export const AiChatMessage = Type.Object({
  aiChatMessageId: Type.Integer(),
  aiChatGroupId: Type.Integer(),
  role: oneOf('user', 'assistant'),
  content: Type.String(),
  citations: Type.Array(Citation),
  outcome: oneOf('done', 'stopped', 'failed'),
  createdTime: Type.Integer(),
  /** An answer's provider (`local`, `openai`, `spark`) and model; empty for a question or a recorded message. */
  provider: Type.String(),
  model: Type.String(),
});

/** `ai/chat/history`: one page, oldest first, counted backwards from `maxCreatedTime`. */
export const AiChatHistory = Type.Object({ list: Type.Array(AiChatMessage), hasNextPage: Type.Boolean() });

/** `ai/chat/record`: the group the message went to (a new one when 0 was sent) and the message's id. */
export const AiChatRecorded = Type.Object({ aiChatGroupId: Type.Integer(), aiChatMessageId: Type.Integer() });

/** `ai/chat/randomAsk`: questions drawn from what the team has and the caller may see. */
export const AiSuggestions = Type.Array(Type.Object({ content: Type.String() }));

/**
 * `ai/chat/ask` streams one envelope per line (`application/x-ndjson`), each `data` one frame: `start` (status 0),
 * `citations`, `delta`* (status 1), then `done` or `error` (status 2). Fields not used by a frame's type are absent.
 */
export const AskFrame = Type.Object({
  type: oneOf('start', 'citations', 'delta', 'done', 'error'),
  status: Type.Integer(),
  aiChatGroupId: Type.Integer(),
  /** start: the group's name. */
  name: Type.Optional(Type.String()),
  /** start: the saved question; done/error: the saved answer (0 when nothing was answered). */
  aiChatMessageId: Type.Optional(Type.Integer()),
  provider: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  citations: Type.Optional(Type.Array(Citation)),
  text: Type.Optional(Type.String()),
  outcome: Type.Optional(oneOf('done', 'stopped', 'failed')),
  errorCode: Type.Optional(Type.String()),
  errorMessage: Type.Optional(Type.String()),
  promptTokens: Type.Optional(Type.Integer()),
  completionTokens: Type.Optional(Type.Integer()),
});
