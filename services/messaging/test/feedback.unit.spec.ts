import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { isAdministrator, parseAdminTelephones } from '../src/application/administrators.js';
import { checkContent, feedbackDecider, messages, type SubmitFeedback } from '../src/domain/feedback/businessLogic.js';
import type { FeedbackEvent } from '../src/domain/feedback/feedback.js';
import type { UserDoc } from '../src/projections/users/index.js';

const spec = deciderSpec(feedbackDecider);
const NOW = 1_790_000_000_000;
const submit = (content: string): SubmitFeedback => ({
  type: 'SubmitFeedback',
  data: { feedbackId: 42, userId: 7, content },
  metadata: { now: NOW },
});
const submitted: FeedbackEvent = {
  type: 'FeedbackSubmitted',
  data: { feedbackId: 42, userId: 7, content: '导出很好用', createdAt: NOW },
};

describe('a new feedback', () => {
  it('is submitted trimmed, with its author and the time from the command', () =>
    spec.given([]).when(submit('  导出很好用\n')).then([submitted]));

  it('needs some content', () => {
    spec.given([]).when(submit('')).thenThrows(DomainError, messages.contentRequired);
    spec.given([]).when(submit(' \n\t　')).thenThrows(DomainError, messages.contentRequired);
  });

  it('holds at most 2000 characters, counted as the user sees them', () => {
    spec
      .given([])
      .when(submit('意'.repeat(2001)))
      .thenThrows(DomainError, messages.contentTooLong);
    expect(checkContent(`  ${'意'.repeat(2000)}  `)).toHaveLength(2000);
    // 2000 characters outside the Basic Multilingual Plane are 4000 UTF-16 units, and still allowed.
    expect([...checkContent('😀'.repeat(2000))]).toHaveLength(2000);
  });
  it('says so in words the UI shows', () => {
    expect(messages.contentRequired).toBe('请输入反馈内容');
    expect(messages.contentTooLong).toBe('反馈内容最多2000个字符');
  });
});

describe('a submitted feedback', () => {
  it('is not submitted again under the same id', () =>
    spec.given([submitted]).when(submit('另一条')).thenThrows(DomainError, messages.alreadySubmitted));
});

const user = (userId: number, changes: Partial<UserDoc> = {}): UserDoc => ({
  _id: String(userId),
  userId,
  nickname: `用户${userId}`,
  trueName: '',
  telephone: `1380000000${userId}`,
  registeredAt: NOW + userId,
  registrationOrder: userId,
  closed: false,
  ...changes,
});

describe('the administrators of the instance', () => {
  const first = user(1);
  const second = user(2);

  it('are the first account registered when ADMIN_TELEPHONES is empty', () => {
    expect(isAdministrator(first, first, [])).toBe(true);
    expect(isAdministrator(second, first, [])).toBe(false);
    expect(isAdministrator(null, first, [])).toBe(false);
  });

  it('are the accounts whose telephone is listed, and no longer the first one, when ADMIN_TELEPHONES is set', () => {
    const listed = [second.telephone];
    expect(isAdministrator(second, first, listed)).toBe(true);
    expect(isAdministrator(first, first, listed)).toBe(false);
  });

  it('never include a closed account, nor pass to the next account when the first one closes', () => {
    const closed = user(1, { closed: true, telephone: '' });
    expect(isAdministrator(closed, closed, [])).toBe(false);
    expect(isAdministrator(second, closed, [])).toBe(false);
    expect(isAdministrator(user(3, { closed: true, telephone: '' }), first, [''])).toBe(false);
  });

  it('are read from a comma-separated list', () => {
    expect(parseAdminTelephones(' 13800000001, ,13800000002,')).toEqual(['13800000001', '13800000002']);
    expect(parseAdminTelephones('')).toEqual([]);
    expect(parseAdminTelephones(undefined)).toEqual([]);
  });
});
