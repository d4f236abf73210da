import type { DataProvider } from 'react-admin';
import { type FieldRow, toRow } from './fieldModel';
import { type Library, searchDataFields } from './fieldsApi';

const unsupported = (method: string) => () => Promise.reject(new Error(`${method} is not supported here`));

/**
 * The generic list's data source for one library: searchDataField page by page with the search area's keyword and
 * type. Saving and deleting go through the screen's own calls (the form's submit, the row buttons), which know the
 * JSON fields.
 */
export function fieldsProvider(library: Library): DataProvider {
  return {
    async getList(_resource, { pagination = { page: 1, perPage: 20 }, filter = {} }) {
      const keyword = typeof filter.keyword === 'string' ? filter.keyword.trim() : '';
      const type = typeof filter.type === 'string' ? filter.type : '';
      const page = await searchDataFields(library, {
        keyword: keyword || undefined,
        type: type || undefined,
        page: pagination.page,
        pageSize: pagination.perPage,
      });
      const data: FieldRow[] = page.lists.map(toRow);
      return { data, total: page.count } as never;
    },
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    create: unsupported('create'),
    update: unsupported('update'),
    updateMany: unsupported('updateMany'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  };
}
