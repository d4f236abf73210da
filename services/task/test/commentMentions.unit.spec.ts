import { fold } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/application/richText.js';
import { taskDecider } from '../src/domain/task/businessLogic.js';
import type { TaskEvent } from '../src/domain/task/task.js';
import { taskProjectDecider } from '../src/domain/taskProject/businessLogic.js';

const OWNER = 1;
const MEMBER = 3;
const OTHER = 4;
const STRANGER = 9;
const project = fold(taskProjectDecider, [
  {
    type: 'TaskProjectCreated',
    data: {
      taskProjectId: 500,
      teamId: 100,
      ownerId: OWNER,
      name: '研发',
      description: '',
      logo: '',
      poster: 0,
      beginTime: 0,
      endTime: 0,
      isTemplate: false,
      sourceTaskProjectId: 0,
      flows: [{ flowId: 11, name: '待处理', sort: 1 }],
    },
  },
  { type: 'ProjectMemberAdded', data: { userId: OWNER, role: 'owner' } },
  { type: 'ProjectMemberAdded', data: { userId: MEMBER, role: 'member' } },
  { type: 'ProjectMemberAdded', data: { userId: OTHER, role: 'member' } },
]);
const created: TaskEvent = {
  type: 'TaskCreated',
  data: {
    taskId: 7,
    projectId: 500,
    name: '登录页',
    flowId: 11,
    flowName: '待处理',
    assigneeId: OWNER,
    creatorId: OWNER,
    workHour: 0,
    urgentLevel: 0,
    startTime: 0,
    endTime: 0,
    content: '',
  },
};
const comment = (content: string, actorId = MEMBER) => ({
  type: 'CommentOnTask' as const,
  data: { commentId: 1, content },
  metadata: { actorId, now: 1, project },
});
const mention = (userId: number, name: string) => `<span data-mention-id="${userId}">@${name}</span>`;

describe('@mentions in task comments (the messaging service tells the members mentioned)', () => {
  const spec = deciderSpec(taskDecider);

  it('names the project members a comment mentions, once each, never its author or an outsider', () => {
    const content = `<p>${mention(OWNER, '老板')} ${mention(OTHER, '小四')} ${mention(OWNER, '老板')} ${mention(STRANGER, 'x')} ${mention(MEMBER, '我')}</p>`;
    spec
      .given([created])
      .when(comment(content))
      .then([{ type: 'TaskCommented', data: { commentId: 1, content, mentionIds: [OWNER, OTHER] } }]);
  });

  it('records no mention list for a comment that mentions nobody', () => {
    spec
      .given([created])
      .when(comment('<p>@老板 看一下</p>'))
      .then([{ type: 'TaskCommented', data: { commentId: 1, content: '<p>@老板 看一下</p>' } }]);
  });

  it('keeps the mention mark through the rich text rules, with a numeric id only', () => {
    expect(sanitizeRichText(`<p>${mention(3, '张三')}</p>`)).toBe('<p><span data-mention-id="3">@张三</span></p>');
    expect(sanitizeRichText('<span data-mention-id="3 onclick" data-x="1" class="c">@x</span>')).toBe(
      '<span>@x</span>',
    );
  });
});
