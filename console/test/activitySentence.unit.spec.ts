import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
// The server's table, in the test only: the console's product code never imports a service.
import {
  ACTIVITY_PHRASES,
  type ActivityPhrase,
  placeholdersOf,
  ROLE_WORDS,
  wordActivity,
} from '../../services/messaging/src/domain/phrases';
import { PART_NAMES } from '../../services/messaging/src/projections/work/docParts';
import { sentenceMessagesEn, sentenceMessagesZh } from '../src/activity/messages';
import { activitySentence, activitySummary, phraseKey } from '../src/activity/sentence';
import { homeMessagesEn, homeMessagesZh } from '../src/home/messages';

const translator = (home: typeof homeMessagesZh, locale: string) =>
  polyglotI18nProvider(() => ({ app: { home } }) as never, locale).translate;
const zh = translator(homeMessagesZh, 'zh-CN');
const en = translator(homeMessagesEn, 'en');

const serverKeys = Object.keys(ACTIVITY_PHRASES).map((phrase) => phraseKey(phrase).split('.').at(-1));
const placeholders = (template: string) => [...new Set(placeholdersOf(template))].sort();

/** Every argument a template names, with a sample value. */
const SAMPLE: Record<string, string> = {
  actor: '张三',
  target: '登录页',
  project: '研发',
  other: '李四',
  count: '2',
  role: 'administrator',
  team: '产品组',
};

describe('the sentences of activities', () => {
  it("have a zh and an en template for every phrase of the server's table, and no other", () => {
    expect(Object.keys(sentenceMessagesZh.phrases).sort()).toEqual([...serverKeys].sort());
    expect(Object.keys(sentenceMessagesEn.phrases).sort()).toEqual([...serverKeys].sort());
    expect(Object.keys(sentenceMessagesEn.roles).sort()).toEqual(Object.keys(ROLE_WORDS).sort());
  });

  it("name the server's placeholders in both languages, and zh words every phrase as the server's title", () => {
    for (const [phrase, template] of Object.entries(ACTIVITY_PHRASES) as [ActivityPhrase, string][]) {
      const key = phraseKey(phrase).split('.').at(-1) as keyof typeof sentenceMessagesZh.phrases;
      expect(placeholders(sentenceMessagesZh.phrases[key]), phrase).toEqual(placeholders(template));
      // Each plural form of an English template names them all.
      for (const form of sentenceMessagesEn.phrases[key].split('||||')) {
        expect(placeholders(form), phrase).toEqual(placeholders(template));
      }
      const args = Object.fromEntries(placeholdersOf(template).map((name) => [name, SAMPLE[name] as string]));
      expect(activitySentence(zh, { title: '', phrase, args }), phrase).toBe(wordActivity(phrase, args));
    }
  });

  it('reads as English in English', () => {
    const transferred = {
      title: '张三 把任务「Login page」转交给了李四',
      phrase: 'task.transferred',
      args: { actor: 'Zhang San', target: 'Login page', other: 'Li Si' },
    };
    expect(activitySentence(en, transferred)).toBe('Zhang San transferred the task “Login page” to Li Si');
    expect(activitySentence(en, { ...transferred, phrase: 'task.assigned.you' })).toBe(
      'Zhang San assigned you the task “Login page”',
    );
    const mentioned = (count: string) =>
      activitySentence(en, { title: '', phrase: 'task.mentioned', args: { actor: 'A', target: 'X', count } });
    expect([mentioned('1'), mentioned('3')]).toEqual([
      'A mentioned 1 member in a comment on the task “X”',
      'A mentioned 3 members in a comment on the task “X”',
    ]);
    const role = { title: '', phrase: 'team.role.you', args: { actor: 'A', team: 'T', role: 'administrator' } };
    expect(activitySentence(en, role)).toBe('A changed your role in the team “T” to administrator');
    expect(activitySentence(en, { title: '', phrase: 'team.joined', args: { actor: '', team: 'T' } })).toBe(
      'Someone joined the team “T”',
    );
  });

  it("falls back to the server's title without a phrase or with one it does not know", () => {
    expect(activitySentence(en, { title: '张三 完成了任务「首页」' })).toBe('张三 完成了任务「首页」');
    expect(activitySentence(en, { title: '旧的', phrase: '', args: {} })).toBe('旧的');
    expect(activitySentence(en, { title: '新的', phrase: 'task.archived', args: { actor: 'A' } })).toBe('新的');
    expect(activitySentence(en, { title: '新的', phrase: 'roles', args: {} })).toBe('新的');
  });
});

describe('the line under an activity', () => {
  const docChanged = {
    title: '',
    phrase: 'doc.changed',
    args: {},
    summary: '修改了：请求参数、状态',
    changes: ['请求参数', '状态'],
  };

  it('words a document’s changed parts: Chinese as the server does, English for every part the server names', () => {
    expect(activitySummary(zh, docChanged)).toBe(docChanged.summary);
    expect(activitySummary(en, docChanged)).toBe('Changed: parameters, status');
    for (const part of PART_NAMES) {
      const english = activitySummary(en, { ...docChanged, changes: [part] });
      expect(english, part).toMatch(/^Changed: [a-zA-Z ]+$/);
    }
  });

  it('words a failed run’s counts from its arguments, and keeps any other summary as it is', () => {
    const failed = {
      title: '',
      phrase: 'test.failed',
      args: { target: '登录', failed: '3', requests: '5' },
      summary: '3项失败（请求5个）',
      changes: [],
    };
    expect(activitySummary(zh, failed)).toBe(failed.summary);
    expect(activitySummary(en, failed)).toBe('3 failed (5 requests)');
    const error = { ...failed, args: { target: '登录' }, summary: 'connect ECONNREFUSED' };
    expect(activitySummary(en, error)).toBe('connect ECONNREFUSED');
    const notes = { title: '', phrase: 'version.saved', args: {}, summary: '修复了登录', changes: [] };
    expect(activitySummary(en, notes)).toBe('修复了登录');
  });
});
