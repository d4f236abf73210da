import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { relativeLabel } from '../src/application/groups.js';
import {
  chatGroupDecider,
  checkQuestion,
  messages,
  nameFromQuestion,
  type RecordMessage,
} from '../src/domain/chatGroup/businessLogic.js';
import type { ChatGroupEvent, ChatMessageData } from '../src/domain/chatGroup/chatGroup.js';

const spec = deciderSpec(chatGroupDecider);
const NOW = 1_790_000_000_000;
const OWNER = { userId: 7, teamId: 3 };
const message = (id: number, content: string, role: 'user' | 'assistant' = 'user'): ChatMessageData => ({
  aiChatMessageId: id,
  role,
  content,
  citations: [],
  outcome: 'done',
  provider: '',
  model: '',
  promptTokens: 0,
  completionTokens: 0,
  createdAt: NOW,
});
const record = (m: ChatMessageData, start = false, owner = OWNER): RecordMessage => ({
  type: 'RecordMessage',
  data: { ...owner, aiChatGroupId: 11, start, message: m },
});
const started: ChatGroupEvent = {
  type: 'AiChatGroupStarted',
  data: { aiChatGroupId: 11, ...OWNER, name: '创建订单接口怎么调用？', createdAt: NOW },
};
const first = message(100, '创建订单接口怎么调用？');
const recorded = (m: ChatMessageData): ChatGroupEvent => ({ type: 'AiChatMessageRecorded', data: m });

describe('a conversation', () => {
  it('starts with its first question as its name', () =>
    spec
      .given([])
      .when(record(first, true))
      .then([started, recorded(first)]));

  it('takes further messages of its own user in its own team', () => {
    const answer = message(101, '调用 POST /orders [1]', 'assistant');
    spec
      .given([started, recorded(first)])
      .when(record(answer))
      .then([recorded(answer)]);
  });

  it('is "not found" for anyone else, another team, an unknown or a deleted group (ids cannot be probed)', () => {
    const m = message(102, '你好');
    spec
      .given([started])
      .when(record(m, false, { userId: 8, teamId: 3 }))
      .thenThrows(DomainError, messages.groupNotFound);
    spec
      .given([started])
      .when(record(m, false, { userId: 7, teamId: 4 }))
      .thenThrows(DomainError, messages.groupNotFound);
    spec.given([]).when(record(m)).thenThrows(DomainError, messages.groupNotFound);
    const deleted: ChatGroupEvent = { type: 'AiChatGroupDeleted', data: { deletedAt: NOW } };
    spec.given([started, deleted]).when(record(m)).thenThrows(DomainError, messages.groupNotFound);
    spec
      .given([started, deleted])
      .when({ type: 'DeleteGroup', data: { ...OWNER, now: NOW } })
      .thenThrows(DomainError, messages.groupNotFound);
  });

  it('is renamed to a trimmed name of 1-50 characters, and a same name changes nothing', () => {
    const rename = (name: string) => ({ type: 'RenameGroup' as const, data: { ...OWNER, name, now: NOW } });
    spec
      .given([started])
      .when(rename('  订单问答 '))
      .then([{ type: 'AiChatGroupRenamed', data: { name: '订单问答', renamedAt: NOW } }]);
    spec.given([started]).when(rename('创建订单接口怎么调用？')).then([]);
    spec.given([started]).when(rename(' ')).thenThrows(DomainError, messages.nameRequired);
    spec
      .given([started])
      .when(rename('名'.repeat(51)))
      .thenThrows(DomainError, messages.nameTooLong);
  });
});

describe('the question rule (SPEC §5)', () => {
  it('strips newlines and requires some text', () => {
    expect(checkQuestion('怎么\r\n调用\n接口')).toBe('怎么 调用 接口');
    expect(() => checkQuestion('\n\n  ')).toThrow(messages.questionRequired);
    expect(messages.questionRequired).toBe('请输入您的问题');
  });
  it('holds at most 2000 characters as the user counts them', () => {
    expect([...checkQuestion('😀'.repeat(2000))]).toHaveLength(2000);
    expect(() => checkQuestion('问'.repeat(2001))).toThrow(messages.questionTooLong);
  });
  it('names a new group after the first 50 characters of its question', () => {
    expect(nameFromQuestion('订'.repeat(80))).toBe('订'.repeat(50));
    expect(nameFromQuestion('第一行\n第二行')).toBe('第一行 第二行');
  });
});

describe("a group's time label (SPEC §9)", () => {
  it('reads 刚刚 under 30 s, then minutes, hours, 1天前, else the date in China time', () => {
    const at = Date.UTC(2026, 10, 23, 20, 0, 0);
    expect(relativeLabel(at, at + 29_000)).toBe('刚刚');
    expect(relativeLabel(at, at + 30_000)).toBe('1分钟前');
    expect(relativeLabel(at, at + 59 * 60_000)).toBe('59分钟前');
    expect(relativeLabel(at, at + 3 * 3_600_000)).toBe('3小时前');
    expect(relativeLabel(at, at + 30 * 3_600_000)).toBe('1天前');
    // 20:00 UTC is the next morning in China.
    expect(relativeLabel(at, at + 3 * 86_400_000)).toBe('2026-11-24');
  });
});
