import { createMemoryReadStore, type RecordedEvent } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { activityView } from '../src/application/activity/index.js';
import type { Activity } from '../src/domain/activity.js';
import { ACTIVITY_PHRASES, type ActivityPhrase, placeholdersOf, wordActivity } from '../src/domain/phrases.js';
import {
  activitiesReached,
  activityProjection,
  inTeamFeed,
  teamActivities,
} from '../src/projections/activity/index.js';
import { notifications, notificationsProjections } from '../src/projections/notifications/index.js';
import { notificationView } from '../src/reactions/pushes.js';

const activity = (over: Partial<Activity>): Activity => ({
  activityId: 1,
  kind: 'task.status',
  teamId: 7,
  projectId: 3,
  projectKind: 'task',
  projectName: '研发',
  actorId: 2,
  actorName: '李四',
  title: '李四 完成了任务「登录页」',
  summary: '',
  link: '/task/home/3?task=9',
  targetKind: 'task',
  targetId: 9,
  changes: [],
  recipients: [{ userId: 1, title: '李四 完成了任务「登录页」', read: false }],
  at: 1_700_000_000_000,
  ...over,
});

const recorded = (data: Activity, position: number): RecordedEvent => ({
  type: 'ActivityRecorded',
  data,
  metadata: {
    eventId: `e${position}`,
    streamId: `activity-${data.activityId}`,
    version: 1,
    globalPosition: position,
    at: data.at,
  },
});

describe('the team activity feed', () => {
  it("leaves out invitations, direct conversations' mentions and activities of no team", () => {
    expect(inTeamFeed(activity({}))).toBe(true);
    expect(inTeamFeed(activity({ kind: 'team.invited', projectId: 0 }))).toBe(false);
    expect(inTeamFeed(activity({ kind: 'chat.mention', link: '/chat?c=direct-1-2' }))).toBe(false);
    expect(inTeamFeed(activity({ kind: 'chat.mention', link: '/chat?c=team-7' }))).toBe(true);
    expect(inTeamFeed(activity({ teamId: 0 }))).toBe(false);
  });

  it('keeps the sentence for everyone without the recipients, and says how far it got', async () => {
    const store = createMemoryReadStore();
    const reached = activitiesReached(store, 2);
    await activityProjection.handle(recorded(activity({}), 1), store);
    await activityProjection.handle(recorded(activity({ activityId: 2, kind: 'team.invited' }), 2), store);
    expect(await reached).toBe(true);
    const docs = await teamActivities(store).find({});
    expect(docs.map((d) => [d.activityId, d.group, 'recipients' in d])).toEqual([[1, 'task', false]]);
    expect(await activitiesReached(store, 3, 10)).toBe(false);
  });
});

describe('the phrases of activities', () => {
  const ARGS = ['actor', 'target', 'project', 'other', 'count', 'role', 'team'];

  it('are Chinese templates with the documented arguments only, each at most once', () => {
    for (const [phrase, template] of Object.entries(ACTIVITY_PHRASES)) {
      const names = placeholdersOf(template);
      expect(
        names.every((name) => ARGS.includes(name)),
        phrase,
      ).toBe(true);
      expect(new Set(names).size, phrase).toBe(names.length);
      expect(template, phrase).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('word the titles the service has always written', () => {
    const cases: [ActivityPhrase, Record<string, string>, string][] = [
      ['task.transferred', { actor: '张三', target: '登录页', other: '李四' }, '张三 把任务「登录页」转交给了李四'],
      ['task.transferred.you', { actor: '张三', target: '登录页' }, '张三 把任务「登录页」转交给你'],
      ['task.mentioned', { actor: '张三', target: '登录页', count: '2' }, '张三 在任务「登录页」的评论中提到了2位成员'],
      ['task.paused', { actor: '李四', target: '登录页' }, '李四 暂停了任务「登录页」'],
      ['doc.renamed', { actor: '张三', target: '下单' }, '张三 重命名了文档「下单」'],
      [
        'team.role.you',
        { actor: '张三', team: '研发', role: 'administrator' },
        '张三 把你在团队「研发」的角色改为管理员',
      ],
      ['team.owner.by_you', { other: '李四', team: '研发' }, '你把团队「研发」转让给了李四'],
      ['chat.mention.direct', { actor: '张三', other: '李四、王五' }, '张三 在私聊中@了李四、王五'],
      ['test.failed', { target: '冒烟' }, '测试「冒烟」运行失败'],
      // Someone the service does not know yet is named by each reader.
      ['team.joined', { actor: '', team: '研发' }, '有人 加入了团队「研发」'],
    ];
    for (const [phrase, args, title] of cases) expect(wordActivity(phrase, args)).toBe(title);
    // A role the table does not know reads as its code.
    expect(wordActivity('team.role', { actor: 'A', other: 'B', team: 'T', role: 'guest' })).toBe(
      'A 把B在团队「T」的角色改为guest',
    );
  });

  it("give each notification its recipient's phrase, else the activity's; older records have none (the title stands)", async () => {
    const store = createMemoryReadStore();
    const args = { actor: '张三', target: '登录页', other: '李四' };
    const transfer = activity({
      kind: 'task.transferred',
      title: '张三 把任务「登录页」转交给了李四',
      phrase: 'task.transferred',
      args,
      recipients: [
        { userId: 1, title: '张三 把任务「登录页」转交给你', phrase: 'task.transferred.you', read: false },
        { userId: 4, title: '张三 把任务「登录页」转交给了李四', read: false },
      ],
    });
    const inbox = notificationsProjections[0]!;
    await inbox.handle(recorded(transfer, 1), store);
    await inbox.handle(recorded(activity({ activityId: 2 }), 2), store);
    const views = (await notifications(store).find({})).map(notificationView);
    expect(views.map((v) => [v.title, v.phrase, v.args])).toEqual(
      expect.arrayContaining([
        ['张三 把任务「登录页」转交给你', 'task.transferred.you', args],
        ['张三 把任务「登录页」转交给了李四', 'task.transferred', args],
        ['李四 完成了任务「登录页」', '', {}],
      ]),
    );
    expect(views).toHaveLength(3);
    await activityProjection.handle(recorded(transfer, 1), store);
    await activityProjection.handle(recorded(activity({ activityId: 2 }), 2), store);
    const feed = (await teamActivities(store).find({})).map(activityView);
    expect(feed.map((a) => [a.activityId, a.phrase, a.args])).toEqual(
      expect.arrayContaining([
        [1, 'task.transferred', args],
        [2, '', {}],
      ]),
    );
  });
});
