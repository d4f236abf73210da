// The sentences of activities and notifications by phrase key (docs/api/messaging.md "Phrases"), placed under
// app.home.sentence in home/messages.ts. A key is the phrase with its dots as underscores (polyglot reads dots as a
// path: task.transferred and task.transferred.you could not both be leaves). The zh table words them as the server's
// titles do; console/test/activitySentence.unit.spec.ts checks both against the server's table.
const phrasesZh = {
  task_created: '%{actor} 创建了任务「%{target}」',
  task_assigned: '%{actor} 给%{other}分配了任务「%{target}」',
  task_assigned_you: '%{actor} 给你分配了任务「%{target}」',
  task_transferred: '%{actor} 把任务「%{target}」转交给了%{other}',
  task_transferred_you: '%{actor} 把任务「%{target}」转交给你',
  task_transferred_yours: '%{actor} 把你的任务「%{target}」转交给了%{other}',
  task_commented: '%{actor} 评论了任务「%{target}」',
  task_mentioned: '%{actor} 在任务「%{target}」的评论中提到了%{count}位成员',
  task_mentioned_you: '%{actor} 在任务「%{target}」的评论中提到了你',
  task_started: '%{actor} 开始了任务「%{target}」',
  task_paused: '%{actor} 暂停了任务「%{target}」',
  task_finished: '%{actor} 完成了任务「%{target}」',
  task_cancelled: '%{actor} 取消了任务「%{target}」',
  task_closed: '%{actor} 关闭了任务「%{target}」',
  task_overdue: '任务「%{target}」已逾期',
  taskProject_member: '%{actor} 把%{other}加入了任务项目「%{project}」',
  taskProject_member_you: '%{actor} 把你加入了任务项目「%{project}」',
  project_member: '%{actor} 把%{other}加入了项目「%{project}」',
  project_member_you: '%{actor} 把你加入了项目「%{project}」',
  doc_changed: '%{actor} 修改了文档「%{target}」',
  doc_renamed: '%{actor} 重命名了文档「%{target}」',
  doc_deleted: '%{actor} 删除了文档「%{target}」',
  version_saved: '%{actor} 保存了项目「%{project}」的版本「%{target}」',
  test_failed: '测试「%{target}」运行失败',
  team_invited: '%{actor} 邀请了一位新成员加入团队「%{team}」',
  team_invited_you: '%{actor} 邀请你加入团队「%{team}」',
  team_joined: '%{actor} 加入了团队「%{team}」',
  team_left: '%{actor} 退出了团队「%{team}」',
  team_removed: '%{actor} 把%{other}移出了团队「%{team}」',
  team_removed_you: '%{actor} 把你移出了团队「%{team}」',
  team_role: '%{actor} 把%{other}在团队「%{team}」的角色改为%{role}',
  team_role_you: '%{actor} 把你在团队「%{team}」的角色改为%{role}',
  team_owner: '%{actor} 把团队「%{team}」转让给了%{other}',
  team_owner_you: '%{actor} 把团队「%{team}」转让给你',
  team_owner_by_you: '你把团队「%{team}」转让给了%{other}',
  chat_mention: '%{actor} 在「%{target}」中@了%{other}',
  chat_mention_you: '%{actor} 在「%{target}」中@了你',
  chat_mention_direct: '%{actor} 在私聊中@了%{other}',
  chat_mention_direct_you: '%{actor} 在私聊中@了你',
};

const zh = {
  phrases: phrasesZh,
  /** The `role` argument is a role's code. */
  roles: { owner: '所有者', administrator: '管理员', member: '成员' },
  /** An empty `actor` or `other`: a person the server does not know yet. */
  someone: '有人',
  /** A document's changed parts (`changes`: the server's part names, docs/api/messaging.md `doc.changed`). */
  changed: '修改了：%{parts}',
  partSeparator: '、',
  /** The part names in this language, keyed by the server's; Chinese uses them as they are. */
  parts: {} as Record<string, string>,
  /** A failed run's count (`failed`, `requests` arguments of `test.failed`). */
  testFailed: '%{failed}项失败（请求%{requests}个）',
};

export type SentenceMessages = typeof zh;

const en: SentenceMessages = {
  phrases: {
    task_created: '%{actor} created the task “%{target}”',
    task_assigned: '%{actor} assigned the task “%{target}” to %{other}',
    task_assigned_you: '%{actor} assigned you the task “%{target}”',
    task_transferred: '%{actor} transferred the task “%{target}” to %{other}',
    task_transferred_you: '%{actor} transferred the task “%{target}” to you',
    task_transferred_yours: '%{actor} transferred your task “%{target}” to %{other}',
    task_commented: '%{actor} commented on the task “%{target}”',
    // polyglot picks the form by smart_count (the sentence function passes the count).
    task_mentioned:
      '%{actor} mentioned %{count} member in a comment on the task “%{target}” |||| %{actor} mentioned %{count} members in a comment on the task “%{target}”',
    task_mentioned_you: '%{actor} mentioned you in a comment on the task “%{target}”',
    task_started: '%{actor} started the task “%{target}”',
    task_paused: '%{actor} paused the task “%{target}”',
    task_finished: '%{actor} finished the task “%{target}”',
    task_cancelled: '%{actor} cancelled the task “%{target}”',
    task_closed: '%{actor} closed the task “%{target}”',
    task_overdue: 'The task “%{target}” is overdue',
    taskProject_member: '%{actor} added %{other} to the task project “%{project}”',
    taskProject_member_you: '%{actor} added you to the task project “%{project}”',
    project_member: '%{actor} added %{other} to the project “%{project}”',
    project_member_you: '%{actor} added you to the project “%{project}”',
    doc_changed: '%{actor} edited the document “%{target}”',
    doc_renamed: '%{actor} renamed the document “%{target}”',
    doc_deleted: '%{actor} deleted the document “%{target}”',
    version_saved: '%{actor} saved the version “%{target}” of the project “%{project}”',
    test_failed: 'The test run “%{target}” failed',
    team_invited: '%{actor} invited a new member to the team “%{team}”',
    team_invited_you: '%{actor} invited you to join the team “%{team}”',
    team_joined: '%{actor} joined the team “%{team}”',
    team_left: '%{actor} left the team “%{team}”',
    team_removed: '%{actor} removed %{other} from the team “%{team}”',
    team_removed_you: '%{actor} removed you from the team “%{team}”',
    team_role: '%{actor} changed the role of %{other} in the team “%{team}” to %{role}',
    team_role_you: '%{actor} changed your role in the team “%{team}” to %{role}',
    team_owner: '%{actor} transferred the team “%{team}” to %{other}',
    team_owner_you: '%{actor} transferred the team “%{team}” to you',
    team_owner_by_you: 'You transferred the team “%{team}” to %{other}',
    chat_mention: '%{actor} mentioned %{other} in “%{target}”',
    chat_mention_you: '%{actor} mentioned you in “%{target}”',
    chat_mention_direct: '%{actor} mentioned %{other} in a direct message',
    chat_mention_direct_you: '%{actor} mentioned you in a direct message',
  },
  roles: { owner: 'owner', administrator: 'administrator', member: 'member' },
  someone: 'Someone',
  changed: 'Changed: %{parts}',
  partSeparator: ', ',
  parts: {
    请求方法: 'method',
    路径: 'path',
    请求参数: 'parameters',
    请求体: 'request body',
    响应: 'responses',
    说明: 'description',
    状态: 'status',
    标签: 'tags',
    操作ID: 'operation ID',
    是否废弃: 'deprecated',
    内容: 'content',
    数据结构: 'schema',
    名称: 'name',
  },
  testFailed: '%{failed} failed (%{requests} requests)',
};

export const sentenceMessagesZh = zh;
export const sentenceMessagesEn = en;
