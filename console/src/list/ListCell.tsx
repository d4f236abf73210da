import { Box, Link } from '@mui/material';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { cellText, valueList } from './cellValue';
import type { LeafColumn } from './fields';
import type { RegionNames } from './regionNames';

const THUMB = 40;

/** One cell of the generic table, by the field's type (SPEC §3). */
export const ListCell = ({ column, regionNames }: { column: LeafColumn<never>; regionNames?: RegionNames }) => {
  const record = useRecordContext<Record<string, unknown> & { id: string | number }>();
  const translate = useTranslate();
  if (!record) return null;
  const { definition } = column;
  if (definition.render) return <>{definition.render(record as never)}</>;
  const value = record[definition.field];
  switch (definition.type) {
    case 'index':
      return <RowNumber id={record.id} />;
    case 'image':
    case 'thumb':
    case 'images': {
      const size = definition.type === 'thumb' ? THUMB : THUMB * 1.5;
      return (
        <Box sx={{ display: 'inline-flex', gap: 0.5 }}>
          {valueList(value).map((url) => (
            <Box
              key={url}
              component="img"
              src={url}
              alt=""
              loading="lazy"
              sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 0.5 }}
            />
          ))}
        </Box>
      );
    }
    case 'upload':
      return (
        <>
          {valueList(value).map((url) => (
            <Link key={url} href={url} target="_blank" rel="noopener" sx={{ mr: 1 }}>
              {decodeURIComponent(url.split('/').pop() ?? url)}
            </Link>
          ))}
        </>
      );
    default:
      return <>{cellText(record, column, { translate, regionName: (code) => regionNames?.get(code) ?? code })}</>;
  }
};

/** SPEC §3 index: the row's number across pages. */
const RowNumber = ({ id }: { id: string | number }) => {
  const { data, page, perPage } = useListContext();
  const index = data?.findIndex((record) => record.id === id) ?? -1;
  return <>{index < 0 ? '' : (page - 1) * perPage + index + 1}</>;
};
