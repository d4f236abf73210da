import { createMemoryReadStore, type RecordedEvent } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../src/domain/activity.js';
import {
  activitiesReached,
  activityProjection,
  inTeamFeed,
  teamActivities,
} from '../src/projections/activity/index.js';

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
