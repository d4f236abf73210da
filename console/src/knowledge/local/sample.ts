import type { Body } from '../../api/request';
import type { KnowledgeHandler } from '../transport';

/** The local project a first visit starts with, so the workspace opens on something to read and edit. */
const SAMPLE = {
  project: { name: '我的本地项目', description: '本地模式：数据只保存在此浏览器中' },
  folder: '示例目录',
  api: { name: '获取用户信息', method: 'GET', path: '/users/{id}' },
  page: { name: '使用说明', markdown: '# 使用说明\n\n这是一个保存在浏览器中的本地项目。登录后可以把它上传到团队。\n' },
};

const OPEN_KEY = 'pmbok.localProjectId';

async function createSample(call: KnowledgeHandler): Promise<number> {
  const { projectId } = await call<{ projectId: number }>('project/create', SAMPLE.project);
  const add = (body: Body) =>
    call<{ projectStructureId: number; projectDocId: number }>('project/addStructure', { projectId, ...body });
  const folder = await add({ parentId: 0, kind: 'folder', name: SAMPLE.folder });
  await add({ parentId: folder.projectStructureId, kind: 'api', ...SAMPLE.api });
  const page = await add({ parentId: 0, kind: 'page', name: SAMPLE.page.name });
  await call('project/saveDoc', {
    projectId,
    projectStructureId: page.projectStructureId,
    baseVersion: 1,
    doc: JSON.stringify({ markdown: SAMPLE.page.markdown }),
  });
  return projectId;
}

let opening: Promise<number> | null = null;

/**
 * The local project `/project/index` opens: the one opened last if it still exists, else the first, else a new
 * sample. One at a time, so two screens mounting together do not create two samples.
 */
export function openLocalProject(call: KnowledgeHandler): Promise<number> {
  opening ??= (async () => {
    const projects = await call<{ projectId: number }[]>('project/list', {});
    const last = Number(localStorage.getItem(OPEN_KEY));
    const chosen = projects.find((p) => p.projectId === last) ?? projects[0];
    const projectId = chosen ? chosen.projectId : await createSample(call);
    localStorage.setItem(OPEN_KEY, String(projectId));
    return projectId;
  })().finally(() => {
    opening = null;
  });
  return opening;
}

/** Remembers which local project is open (the banner's switcher, a newly created local project). */
export function rememberLocalProject(projectId: number): void {
  localStorage.setItem(OPEN_KEY, String(projectId));
}
