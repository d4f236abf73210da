import { beforeEach, describe, expect, it } from 'vitest';
import { boardOrderOf, moveCard, orderBoard, orderTasks } from '../src/tasks/boardOrder';
import { plainTextToHtml } from '../src/tasks/richText';
import type { BoardColumn, Task } from '../src/tasks/taskApi';
import { filterTasks, isFiltering, sortTasks } from '../src/tasks/taskFilters';
import { projectActions, taskActions } from '../src/tasks/taskStatus';

let nextId = 1;
const task = (fields: Partial<Task> = {}): Task => ({
  taskId: nextId++,
  projectId: 1,
  name: '任务',
  flowId: 10,
  flowName: '待处理',
  userId: 1,
  userName: '张三',
  creatorId: 1,
  creatorName: '张三',
  workHour: 0,
  spentHours: 0,
  urgentLevel: 0,
  startTime: 0,
  endTime: 0,
  status: 'todo',
  content: '',
  commentCount: 0,
  createdAt: 0,
  updatedAt: 0,
  ...fields,
});
const names = (tasks: Task[]) => tasks.map((t) => t.name);
const day = (d: number) => new Date(2025, 0, d).getTime();

describe('filtering tasks', () => {
  const tasks = [
    task({ name: 'a', userId: 1, urgentLevel: 0, startTime: day(1), endTime: day(5) }),
    task({ name: 'b', userId: 2, urgentLevel: 2, startTime: day(10), endTime: day(12) }),
    task({ name: 'c', userId: 2, urgentLevel: 1 }),
    task({ name: 'd', userId: 1, urgentLevel: 2, endTime: day(20) }),
  ];

  it('keeps everything without a filter, and empty values do not filter', () => {
    expect(names(filterTasks(tasks, {}))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(filterTasks(tasks, { userId: '', urgentLevel: '' }))).toEqual(['a', 'b', 'c', 'd']);
    expect(isFiltering({ userId: '', urgentLevel: '' })).toBe(false);
  });

  it('filters by assignee and by urgency, level 0 included', () => {
    expect(names(filterTasks(tasks, { userId: 2 }))).toEqual(['b', 'c']);
    expect(names(filterTasks(tasks, { urgentLevel: 0 }))).toEqual(['a']);
    expect(names(filterTasks(tasks, { userId: 1, urgentLevel: 2 }))).toEqual(['d']);
    expect(isFiltering({ urgentLevel: 0 })).toBe(true);
  });

  it('keeps tasks whose planned period overlaps the range, and drops tasks without dates', () => {
    expect(names(filterTasks(tasks, { from: day(4), to: day(11) }))).toEqual(['a', 'b']);
    expect(names(filterTasks(tasks, { from: day(13) }))).toEqual(['d']);
    expect(names(filterTasks(tasks, { to: day(2) }))).toEqual(['a']);
  });
});

describe('sorting tasks', () => {
  const tasks = [
    task({ name: '测试', urgentLevel: 1, workHour: 3, status: 'finished', endTime: day(3) }),
    task({ name: '安装', urgentLevel: 2, workHour: 1, status: 'todo' }),
    task({ name: '部署', urgentLevel: 0, workHour: 2, status: 'in_progress', endTime: day(1) }),
  ];

  it('sorts Chinese names in pinyin order, either way', () => {
    expect(names(sortTasks(tasks, 'name', 'asc'))).toEqual(['安装', '部署', '测试']);
    expect(names(sortTasks(tasks, 'name', 'desc'))).toEqual(['测试', '部署', '安装']);
  });

  it('sorts numbers and statuses in the machine order', () => {
    expect(names(sortTasks(tasks, 'urgentLevel', 'desc'))).toEqual(['安装', '测试', '部署']);
    expect(names(sortTasks(tasks, 'workHour', 'asc'))).toEqual(['安装', '部署', '测试']);
    expect(names(sortTasks(tasks, 'status', 'asc'))).toEqual(['安装', '部署', '测试']);
  });

  it('puts tasks without a date last in both directions, and is stable', () => {
    expect(names(sortTasks(tasks, 'endTime', 'asc'))).toEqual(['部署', '测试', '安装']);
    expect(names(sortTasks(tasks, 'endTime', 'desc'))).toEqual(['测试', '部署', '安装']);
    const same = [task({ name: 'x' }), task({ name: 'y' })];
    expect(names(sortTasks(same, 'workHour', 'desc'))).toEqual(['x', 'y']);
  });
});

describe('the board', () => {
  let columns: BoardColumn[];
  let [t1, t2, t3]: Task[] = [];
  const column = (flowId: number, name: string, tasks: Task[]): BoardColumn => ({
    flowId,
    name,
    sort: flowId,
    taskCount: tasks.length,
    tasks,
  });
  beforeEach(() => {
    [t1, t2, t3] = [task({ name: '一' }), task({ name: '二' }), task({ name: '三' })];
    columns = [column(10, '待处理', [t1!, t2!, t3!]), column(20, '进行中', [])];
  });
  const layout = (board: BoardColumn[]) => board.map((c) => [c.name, names(c.tasks), c.taskCount]);

  it('moves a card to another column, at the end or before a card, with its flow', () => {
    const moved = moveCard(columns, t2!.taskId, 20);
    expect(layout(moved)).toEqual([
      ['待处理', ['一', '三'], 2],
      ['进行中', ['二'], 1],
    ]);
    expect(moved[1]!.tasks[0]).toMatchObject({ flowId: 20, flowName: '进行中' });
    expect(layout(moveCard(moved, t3!.taskId, 20, 0))[1]).toEqual(['进行中', ['三', '二'], 2]);
    // the input is left as it was (the rollback restores it)
    expect(layout(columns)[0]).toEqual(['待处理', ['一', '二', '三'], 3]);
  });

  it('reorders within a column like an array move, and ignores unknown cards and flows', () => {
    expect(names(moveCard(columns, t1!.taskId, 10, 2)[0]!.tasks)).toEqual(['二', '三', '一']);
    expect(names(moveCard(columns, t3!.taskId, 10, 0)[0]!.tasks)).toEqual(['三', '一', '二']);
    expect(moveCard(columns, 9999, 20)).toBe(columns);
    expect(moveCard(columns, t1!.taskId, 99)).toBe(columns);
  });

  it('applies a saved order: saved cards first, new ones after in the server order', () => {
    const t4 = task({ name: '四' });
    expect(names(orderTasks([t1!, t2!, t3!, t4], [t3!.taskId, 12345, t1!.taskId]))).toEqual(['三', '一', '二', '四']);
    const reordered = moveCard(columns, t3!.taskId, 10, 0);
    const order = boardOrderOf(reordered);
    expect(layout(orderBoard(columns, order))[0]).toEqual(['待处理', ['三', '一', '二'], 3]);
  });
});

describe('the status machines', () => {
  it('offers a task only the actions its status accepts', () => {
    expect(taskActions('todo')).toEqual(['start', 'finish', 'cancel', 'close']);
    expect(taskActions('in_progress')).toEqual(['stop', 'finish', 'cancel', 'close']);
    expect(taskActions('paused')).toEqual(['start', 'finish', 'cancel', 'close']);
    expect(taskActions('finished')).toEqual(['close']);
    expect(taskActions('cancelled')).toEqual(['close']);
    expect(taskActions('closed')).toEqual([]);
  });

  it('offers project actions by status and role', () => {
    expect(projectActions('active', 'owner')).toEqual(['stop', 'finish', 'close']);
    expect(projectActions('active', 'administrator')).toEqual(['stop', 'finish', 'close']);
    expect(projectActions('active', 'member')).toEqual([]);
    expect(projectActions('stopped', 'owner')).toEqual(['close', 'reopen']);
    expect(projectActions('stopped', 'administrator')).toEqual(['close']);
    expect(projectActions('closed', 'owner')).toEqual(['reopen']);
    expect(projectActions('closed', 'administrator')).toEqual([]);
  });
});

describe('rich text from typed text', () => {
  it('escapes markup and makes a paragraph per line', () => {
    expect(plainTextToHtml('<b>接口</b> & 文档\n\n第二行')).toBe(
      '<p>&lt;b&gt;接口&lt;/b&gt; &amp; 文档</p><p><br></p><p>第二行</p>',
    );
    expect(plainTextToHtml('   ')).toBe('');
  });

  it("marks the picked members' @names as mentions and leaves an @ typed by hand as text", () => {
    const picked = [
      { userId: 7, name: '张三' },
      { userId: 8, name: '张三丰' },
    ];
    expect(plainTextToHtml('@张三丰 和 @张三 看看 @李四\n<i>@张三</i>', picked)).toBe(
      '<p><span data-mention-id="8">@张三丰</span> 和 <span data-mention-id="7">@张三</span> 看看 @李四</p>' +
        '<p>&lt;i&gt;<span data-mention-id="7">@张三</span>&lt;/i&gt;</p>',
    );
    // a name is text inside the markup too: nothing in it can open a tag or an attribute
    expect(plainTextToHtml('@a"<b>', [{ userId: 9, name: 'a"<b>' }])).toBe(
      '<p><span data-mention-id="9">@a&quot;&lt;b&gt;</span></p>',
    );
  });
});

describe('live refresh', () => {
  it("refreshes for another member's change to this project only", async () => {
    const { isOthersChange } = await import('../src/tasks/useLiveRefresh');
    const push = (data: Record<string, unknown>, code = 200300) => ({ code, data });
    expect(isOthersChange(push({ taskProjectId: 5, actorId: 2 }), 5, 1)).toBe(true);
    expect(isOthersChange(push({ taskProjectId: 5, actorId: 1 }), 5, '1')).toBe(false);
    expect(isOthersChange(push({ taskProjectId: 6, actorId: 2 }), 5, 1)).toBe(false);
    expect(isOthersChange(push({ unReadCount: 3 }, 200201), 5, 1)).toBe(false);
  });
});
