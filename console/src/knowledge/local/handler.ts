import type { Body } from '../../api/request';
import type { KnowledgeHandler } from '../transport';
import { projectCalls } from './projects';
import { refuse } from './rules';
import { localStore } from './store';
import { structureCalls } from './structure';
import type { LocalContext } from './transact';

type Call = (ctx: LocalContext, body: Body) => Promise<unknown>;

const calls: Record<string, Call> = {
  ...projectCalls,
  ...structureCalls,
  // a local project is read by its owner only: publishing needs a team project
  publicDoc: structureCalls.docDetail,
  linkTask: async () => refuse('本地项目不能关联任务，请登录后上传到团队'),
  unlinkTask: async () => refuse('本地项目不能关联任务，请登录后上传到团队'),
};

/**
 * Local mode's answer to `knowledgeCall` (transport.ts): the calls of docs/api/knowledge.md on the browser's own
 * store, with the server's answer shapes, refusals (code 400) and save conflicts (code 409).
 */
export function createLocalHandler(ctx: LocalContext): KnowledgeHandler {
  return async <T>(path: string, body: Body): Promise<T> => {
    const call = path.startsWith('project/') ? path.slice('project/'.length) : path;
    const answer = Object.hasOwn(calls, call) ? calls[call] : undefined;
    if (!answer) return refuse('本地模式不支持此操作，请登录后再试');
    return (await answer(ctx, body)) as T;
  };
}

/** The handler on the browser's store. */
export const localKnowledge: KnowledgeHandler = (() => {
  let handler: Promise<KnowledgeHandler> | null = null;
  return <T>(path: string, body: Body) => {
    handler ??= localStore().then((db) => createLocalHandler({ db, now: Date.now }));
    return handler.then((answer) => answer<T>(path, body));
  };
})();
