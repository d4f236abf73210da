import { invalid } from '@pmbok/infra';
import postman, { type Item, type ItemGroup } from 'postman-collection';
import { HTTP_METHODS } from '../../domain/doc/content.js';
import type { ImportPlan, PlannedNode } from '../model.js';
import { asContent, checkedNode, emptyPlan, isObject, nodeName, sourceValue } from './collectionKit.js';
import { requestDoc, textOf } from './postmanRequest.js';

const { Collection, ItemGroup: Group, Url } = postman;

/** Whether a parsed JSON value looks like a Postman collection (v2.x, wrapped as `{collection}` or info-less). */
export function looksLikePostman(value: unknown): boolean {
  if (!isObject(value)) return false;
  const collection = isObject(value.collection) ? value.collection : value;
  const schema = isObject(collection.info) ? String(collection.info.schema ?? '') : '';
  if (schema.includes('schema.getpostman.com') || schema.includes('schema.postman.com')) return true;
  // v1 and environment files (refused with their own messages) and the info-less newman shape.
  if (Array.isArray(collection.values) && ('_postman_variable_scope' in collection || 'name' in collection))
    return true;
  if (Array.isArray(collection.requests) && (Array.isArray(collection.order) || Array.isArray(collection.folders))) {
    return true;
  }
  return Array.isArray(collection.item) && (typeof collection.name === 'string' || isObject(collection.info));
}

const VARIABLE = /^\{\{([^{}]+)\}\}$/;
const isAbsoluteUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);

/**
 * A Postman Collection v2.1 (or v2.0; also `{collection: …}` as Postman's API answers it, and newman's info-less
 * shape) as an import plan, read with postman-collection's SDK: folders → folders, requests → api documents (one
 * per request, so a collection's count is kept even when two requests share a method and path), saved examples →
 * responses, scripts → `plan.scripts`. A v1 collection is refused.
 */
export function parsePostman(input: unknown, options: { fileName?: string } = {}): ImportPlan {
  const source = sourceValue(input, 'Postman 集合');
  if (!isObject(source)) throw invalid('Postman 集合必须是一个 JSON 对象');
  const value = isObject(source.collection) && !source.item ? source.collection : source;
  const schema = isObject(value.info) ? String(value.info.schema ?? '') : '';
  if (Array.isArray(value.requests) || /v1\.0\.0/.test(schema)) {
    throw invalid('不支持 Postman Collection v1：请在 Postman 中将集合重新导出为 Collection v2.1 后再导入');
  }
  if (Array.isArray(value.values) && !value.item) {
    throw invalid('这是 Postman 的环境文件（只有变量），不是集合：请导入集合文件');
  }
  if (!Array.isArray(value.item)) throw invalid('不是 Postman 集合：缺少 item 列表');
  const collection = new Collection(value as postman.CollectionDefinition);
  const version = /v(\d+\.\d+\.\d+)/.exec(schema)?.[1];
  const title = collection.name || options.fileName?.replace(/\.(postman_collection\.)?json$/i, '') || 'Postman 集合';
  const plan = emptyPlan('postman', version ? `v${version}` : 'v2（无 info）', title);
  plan.description = textOf(isObject(value.info) ? value.info.description : value.description);
  const variables = collection.variables.toObject() as Record<string, unknown>;
  const unresolvedBases = new Set<string>();
  const authUsers = new Map<string, string[]>();
  const addServer = (name: string, url: string) => {
    if (!plan.servers.some((s) => s.url === url)) plan.servers.push({ name, url });
  };

  const scriptsOf = (events: postman.EventList) => {
    const text = (listen: string) =>
      events
        .all()
        .filter((event) => event.listen === listen && !event.disabled)
        .map((event) => event.script?.exec?.join('\n') ?? '')
        .join('\n')
        .trim();
    return { prerequest: text('prerequest'), test: text('test') };
  };

  const addScripts = (folderPath: string[], name: string, events: postman.EventList) => {
    const { prerequest, test } = scriptsOf(events);
    if (prerequest || test) plan.scripts.push({ folderPath, name, prerequest, test });
  };

  /** The request's URL path with its base taken off (a `{{var}}` host, or a literal origin kept as a server). */
  const urlPath = (item: Item, where: string): string[] => {
    let url = item.request.url;
    const host = (url.host ?? []).join('.');
    const variable = VARIABLE.exec(host)?.[1];
    if (variable && isAbsoluteUrl(variables[variable])) {
      url = new Url(`${variables[variable]}${url.toString().slice(host.length)}`);
      item.request.url = url;
      addServer(variable, `${url.protocol ?? 'http'}://${url.getRemote()}`);
    } else if (variable) {
      unresolvedBases.add(variable);
    } else if (host.includes('{{')) {
      plan.problems.push({ where, message: `请求地址的主机「${host}」含变量，未导入为环境` });
    } else if (host) {
      addServer(host, `${url.protocol ?? 'http'}://${url.getRemote()}`);
    }
    const path = (url.path ?? []).filter((segment, i, all) => segment !== '' || (i === all.length - 1 && i > 0));
    if (path.length === 0 && variable && !isAbsoluteUrl(variables[variable]) && host === url.toString()) {
      plan.problems.push({ where, message: `请求地址整个是变量 {{${variable}}}，路径记为 /` });
    }
    return path;
  };

  const walk = (group: ItemGroup<Item>, folderPath: string[]) => {
    for (const child of group.items.all()) {
      if (Group.isItemGroup(child)) {
        const folder = child as ItemGroup<Item>;
        const name = nodeName(folder.name ?? '', '未命名文件夹');
        const where = [...folderPath, name].join(' / ');
        if (folder.items.count() === 0) plan.nodes.push({ kind: 'folder', name, folderPath });
        if (textOf(folder.description)) plan.problems.push({ where, message: '文件夹的说明未导入' });
        addScripts(folderPath, name, folder.events);
        walk(folder, [...folderPath, name]);
        continue;
      }
      const item = child as Item;
      const name = nodeName(item.name ?? '', '未命名请求');
      const where = [...folderPath, name].join(' / ');
      const method = (item.request?.method ?? 'GET').toUpperCase();
      if (!(HTTP_METHODS as readonly string[]).includes(method)) {
        plan.problems.push({ where, message: `请求方法 ${method} 不受支持，未导入` });
        continue;
      }
      const doc = requestDoc(item, urlPath(item, where), where, plan.problems);
      const auth = doc.extra.postmanAuth;
      const mapped = doc.parameters.some((p) => p.extra.postmanAuth !== undefined);
      if (typeof auth === 'string' && !mapped) authUsers.set(auth, [...(authUsers.get(auth) ?? []), where]);
      const node: PlannedNode = { kind: 'api', name, folderPath, content: asContent(doc) };
      const checked = checkedNode(node, where, plan.problems);
      if (checked) plan.nodes.push(checked);
      addScripts(folderPath, name, item.events);
    }
  };
  walk(collection, []);

  addScripts([], '', collection.events);
  if (collection.events.count() > 0) {
    plan.problems.push({ where: '集合', message: '集合级脚本记在名称为空的脚本项中' });
  }
  for (const [auth, users] of authUsers) {
    plan.problems.push({
      where: users.slice(0, 3).join('、') + (users.length > 3 ? ` 等 ${users.length} 个请求` : ''),
      message: `认证方式「${auth}」没有对应的参数，只记在这些文档的 extra.postmanAuth`,
    });
  }
  for (const base of unresolvedBases) {
    plan.problems.push({
      where: `变量 {{${base}}}`,
      message: `请求地址以变量 {{${base}}} 开头，集合中没有它的值：路径已去掉它，请在项目环境中填写该地址`,
    });
  }
  const names = Object.keys(variables);
  if (names.length > 0) {
    plan.problems.push({ where: '集合变量', message: `集合变量未导入：${names.slice(0, 20).join('、')}` });
  }
  return plan;
}
