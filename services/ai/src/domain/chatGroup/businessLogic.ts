import { conflict, type Decider, invalid, notFound } from '@pmbok/infra';
import {
  type ChatGroup,
  type ChatGroupEvent,
  type ChatMessageData,
  evolve,
  initialState,
  type Role,
} from './chatGroup.js';

export const QUESTION_MAX = 2000;
/** An answer may be long; the model's own limit (1024 tokens) keeps it far below this. */
export const MESSAGE_MAX = 20_000;
export const NAME_MAX = 50;

export const messages = {
  questionRequired: '请输入您的问题',
  contentRequired: '消息内容不能为空',
  questionTooLong: `问题最多 ${QUESTION_MAX} 个字`,
  messageTooLong: `消息最多 ${MESSAGE_MAX} 个字`,
  roleInvalid: '角色只能是 user 或 assistant',
  groupNotFound: '对话不存在或已删除',
  nameRequired: '请输入对话名称',
  nameTooLong: `对话名称最多 ${NAME_MAX} 个字`,
  duplicateMessage: '该消息已保存',
} as const;

/** Whose a group is: a command names its user and team, and a group of anyone else's is "not found". */
interface Owner {
  userId: number;
  teamId: number;
}

export type RecordMessage = {
  type: 'RecordMessage';
  data: Owner & {
    aiChatGroupId: number;
    /** Start the group with this message (the caller asked with group 0). */
    start: boolean;
    message: ChatMessageData;
  };
};
export type RenameGroup = { type: 'RenameGroup'; data: Owner & { name: string; now: number } };
export type DeleteGroup = { type: 'DeleteGroup'; data: Owner & { now: number } };
export type ChatGroupCommand = RecordMessage | RenameGroup | DeleteGroup;

const length = (text: string) => [...text].length;

/** SPEC §5: newlines are stripped; then trimmed; required, at most QUESTION_MAX characters. */
export function checkQuestion(content: string): string {
  const question = content.replace(/[\r\n]+/g, ' ').trim();
  if (!question) throw invalid(messages.questionRequired);
  if (length(question) > QUESTION_MAX) throw invalid(messages.questionTooLong);
  return question;
}

export function checkRole(role: string): Role {
  if (role !== 'user' && role !== 'assistant') throw invalid(messages.roleInvalid);
  return role;
}

export function checkName(name: string): string {
  const trimmed = name.replace(/[\r\n]+/g, ' ').trim();
  if (!trimmed) throw invalid(messages.nameRequired);
  if (length(trimmed) > NAME_MAX) throw invalid(messages.nameTooLong);
  return trimmed;
}

/** A new group's name: its first message, newlines stripped, cut at NAME_MAX characters. */
export const nameFromQuestion = (question: string) =>
  [...question.replace(/[\r\n]+/g, ' ').trim()].slice(0, NAME_MAX).join('');

/** The group, when it is the owner's and not deleted; else the same "not found" for every case (ids cannot be probed). */
function owned(state: ChatGroup, owner: Owner) {
  if (state.status !== 'active' || state.userId !== owner.userId || state.teamId !== owner.teamId) {
    throw notFound(messages.groupNotFound);
  }
  return state;
}

function recordMessage({ data }: RecordMessage, state: ChatGroup): ChatGroupEvent[] {
  const { message } = data;
  if (length(message.content) > MESSAGE_MAX) throw invalid(messages.messageTooLong);
  const recorded: ChatGroupEvent = { type: 'AiChatMessageRecorded', data: message };
  if (data.start && state.status === 'none') {
    const { aiChatGroupId, userId, teamId } = data;
    const name = nameFromQuestion(message.content) || '新的对话';
    return [
      { type: 'AiChatGroupStarted', data: { aiChatGroupId, userId, teamId, name, createdAt: message.createdAt } },
      recorded,
    ];
  }
  const group = owned(state, data);
  if (group.messageIds.includes(message.aiChatMessageId)) throw conflict(messages.duplicateMessage);
  return [recorded];
}

export function decide(command: ChatGroupCommand, state: ChatGroup): ChatGroupEvent[] {
  switch (command.type) {
    case 'RecordMessage':
      return recordMessage(command, state);
    case 'RenameGroup': {
      const group = owned(state, command.data);
      const name = checkName(command.data.name);
      return name === group.name ? [] : [{ type: 'AiChatGroupRenamed', data: { name, renamedAt: command.data.now } }];
    }
    case 'DeleteGroup':
      owned(state, command.data);
      return [{ type: 'AiChatGroupDeleted', data: { deletedAt: command.data.now } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const chatGroupDecider: Decider<ChatGroup, ChatGroupCommand, ChatGroupEvent> = { decide, evolve, initialState };
