import type { DataProvider, RaRecord } from 'react-admin';
import { type Body, request } from '../api/request';

/** SPEC §3 paged list result. */
export interface PagedList<T> {
  status?: number;
  lists: T[];
  pages: number;
  count: number;
}

export interface PagedCalls {
  /** The call answering {page, pageSize, ...search fields} with a paged list result. */
  list: string;
  /** The call creating one record from the form's values; its answer's `key` is the new id. */
  create?: string;
  /** Row key (SPEC §3 table option, default id). */
  key?: string;
}

const toBody = (filter: Record<string, unknown>): Body =>
  Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : (value as Body[string]),
    ]),
  );

const unsupported = (method: string) => () => Promise.reject(new Error(`${method} is not supported here`));

/** A react-admin resource over the /pmbok/api calls of a generic list (SPEC §7: page, size and search fields). */
export function pagedCallProvider({ list, create, key = 'id' }: PagedCalls): DataProvider {
  const withId = (row: Record<string, unknown>) => ({ ...row, id: row[key] }) as RaRecord;
  return {
    async getList(_resource, { pagination = { page: 1, perPage: 20 }, filter }) {
      const result = await request<PagedList<Record<string, unknown>>>(list, {
        ...toBody(filter ?? {}),
        page: pagination.page,
        pageSize: pagination.perPage,
      });
      return { data: (result.lists ?? []).map(withId), total: result.count ?? 0 } as never;
    },
    async create(_resource, { data }) {
      if (!create) return unsupported('create')();
      const answer = await request<Record<string, unknown> | null>(create, toBody(data as Record<string, unknown>));
      return { data: withId({ ...data, ...(answer ?? {}) }) } as never;
    },
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  };
}
