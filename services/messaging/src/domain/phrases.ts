/**
 * The sentences of activities as keys with arguments (docs/api/messaging.md "Phrases"): the console words them in the
 * user's language from `phrase` and `args`; the Chinese `title` (webhooks, older clients) is made from this table, so
 * the server's wording and the keys cannot drift. `%{name}` is the console's (polyglot's) placeholder syntax.
 *
 * Arguments: actor (who did it), target (the task, document, version, test run or conversation named), project,
 * other (another person, or several joined by 、), count, role (a role's code: owner, administrator, member), team.
 * A key ending in `.you` is the sentence of the person it is done to; `.yours` of the one whose task it was;
 * `.by_you` of the one who did it.
 * Pure (no imports): the console's unit test compares its own tables with this one.
 */
export const ACTIVITY_PHRASES = {
  'task.created': '%{actor} 创建了任务「%{target}」',
  'task.assigned': '%{actor} 给%{other}分配了任务「%{target}」',
  'task.assigned.you': '%{actor} 给你分配了任务「%{target}」',
  'task.transferred': '%{actor} 把任务「%{target}」转交给了%{other}',
  'task.transferred.you': '%{actor} 把任务「%{target}」转交给你',
  'task.transferred.yours': '%{actor} 把你的任务「%{target}」转交给了%{other}',
  'task.commented': '%{actor} 评论了任务「%{target}」',
  'task.mentioned': '%{actor} 在任务「%{target}」的评论中提到了%{count}位成员',
  'task.mentioned.you': '%{actor} 在任务「%{target}」的评论中提到了你',
  'task.started': '%{actor} 开始了任务「%{target}」',
  'task.paused': '%{actor} 暂停了任务「%{target}」',
  'task.finished': '%{actor} 完成了任务「%{target}」',
  'task.cancelled': '%{actor} 取消了任务「%{target}」',
  'task.closed': '%{actor} 关闭了任务「%{target}」',
  'task.overdue': '任务「%{target}」已逾期',
  'taskProject.member': '%{actor} 把%{other}加入了任务项目「%{project}」',
  'taskProject.member.you': '%{actor} 把你加入了任务项目「%{project}」',
  'project.member': '%{actor} 把%{other}加入了项目「%{project}」',
  'project.member.you': '%{actor} 把你加入了项目「%{project}」',
  'doc.changed': '%{actor} 修改了文档「%{target}」',
  'doc.renamed': '%{actor} 重命名了文档「%{target}」',
  'doc.deleted': '%{actor} 删除了文档「%{target}」',
  'version.saved': '%{actor} 保存了项目「%{project}」的版本「%{target}」',
  'test.failed': '测试「%{target}」运行失败',
  'team.invited': '%{actor} 邀请了一位新成员加入团队「%{team}」',
  'team.invited.you': '%{actor} 邀请你加入团队「%{team}」',
  'team.joined': '%{actor} 加入了团队「%{team}」',
  'team.left': '%{actor} 退出了团队「%{team}」',
  'team.removed': '%{actor} 把%{other}移出了团队「%{team}」',
  'team.removed.you': '%{actor} 把你移出了团队「%{team}」',
  'team.role': '%{actor} 把%{other}在团队「%{team}」的角色改为%{role}',
  'team.role.you': '%{actor} 把你在团队「%{team}」的角色改为%{role}',
  'team.owner': '%{actor} 把团队「%{team}」转让给了%{other}',
  'team.owner.you': '%{actor} 把团队「%{team}」转让给你',
  'team.owner.by_you': '你把团队「%{team}」转让给了%{other}',
  'chat.mention': '%{actor} 在「%{target}」中@了%{other}',
  'chat.mention.you': '%{actor} 在「%{target}」中@了你',
  'chat.mention.direct': '%{actor} 在私聊中@了%{other}',
  'chat.mention.direct.you': '%{actor} 在私聊中@了你',
} as const;

export type ActivityPhrase = keyof typeof ACTIVITY_PHRASES;
export type PhraseArgs = Record<string, string>;

/** A role's code as the Chinese sentence names it (the `role` argument is the code; each client words it). */
export const ROLE_WORDS: Record<string, string> = { owner: '所有者', administrator: '管理员', member: '成员' };

export const isActivityPhrase = (value: string): value is ActivityPhrase => Object.hasOwn(ACTIVITY_PHRASES, value);

/** The placeholders of a template, in order (`%{actor}` → actor). */
export const placeholdersOf = (template: string) => [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1] as string);

/** The arguments that name a person: empty, it is someone the service does not know yet. */
export const PERSON_ARGS = ['actor', 'other'];
export const SOMEONE = '有人';

/** The Chinese sentence of a phrase; a missing argument reads as nothing, an unknown person as 有人. */
export function wordActivity(phrase: ActivityPhrase, args: PhraseArgs): string {
  return ACTIVITY_PHRASES[phrase].replace(/%\{(\w+)\}/g, (_, name: string) => {
    const value = args[name] ?? '';
    if (name === 'role') return ROLE_WORDS[value] ?? value;
    return !value && PERSON_ARGS.includes(name) ? SOMEONE : value;
  });
}
