import { isOverdue, type Source, UNFINISHED } from './sources.js';
import type { TeamIndex } from './teamIndex.js';

/** For a team with nothing the user may see yet: how to use pmbok itself. */
export const GENERAL_QUESTIONS = [
  '怎么新建一个接口文档？',
  '怎么邀请同事加入团队？',
  '知识库项目的“团队可见”和“仅成员可见”有什么区别？',
  '怎么用 Mock 服务调试还没开发好的接口？',
  '怎么导入 OpenAPI 或 Postman 文件？',
  '字段库是做什么用的？',
  '怎么创建任务项目并分配任务？',
  '怎么把文档分享给团队外的人？',
  '怎么给接口写自动化测试？',
  '版本和历史记录有什么区别？',
];

/** Fisher–Yates, in place. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const QUESTION: Partial<Record<Source['kind'], (title: string) => string>> = {
  api: (title) => `怎么调用「${title}」接口？`,
  page: (title) => `「${title}」这篇文档讲了什么？`,
  schema: (title) => `数据模型「${title}」有哪些字段？`,
  field: (title) => `字段「${title}」的规范是什么？`,
};

/**
 * Questions drawn from what `userId` may see (`scopes`), shuffled: each kind (apis, pages, models, fields, task
 * projects with overdue tasks, the user's unfinished work) takes its turn, so a team of many apis still gets a task
 * question. The team's general questions when there is nothing to draw from.
 */
export function suggestQuestions(
  index: TeamIndex,
  options: { userId: number; scopes: Set<string>; count: number; now: number },
): string[] {
  const { userId, scopes, count, now } = options;
  const groups = new Map<string, Set<string>>();
  const add = (group: string, question: string) => {
    if (!groups.has(group)) groups.set(group, new Set());
    groups.get(group)!.add(question);
  };
  for (const source of index.sources.values()) {
    if (!scopes.has(source.scope)) continue;
    const ask = QUESTION[source.kind];
    if (ask && source.title) add(source.kind, ask(source.title));
    const { task } = source;
    const project = task && index.taskProjects.get(source.projectId);
    if (!task || !project) continue;
    if (isOverdue(task, now)) add('overdue', `「${project.name}」里有哪些逾期的任务？`);
    if (task.assigneeId === userId && UNFINISHED.includes(task.status)) {
      add('mine', `我在「${project.name}」有哪些未完成的任务？`);
    }
  }
  const queues = shuffle([...groups.values()].map((questions) => shuffle([...questions])));
  if (queues.length === 0) return shuffle([...GENERAL_QUESTIONS]).slice(0, count);
  const picked = new Set<string>();
  while (picked.size < count && queues.some((queue) => queue.length > 0)) {
    for (const queue of queues) {
      const next = queue.pop();
      if (next !== undefined && picked.size < count) picked.add(next);
    }
  }
  return shuffle([...picked]);
}
