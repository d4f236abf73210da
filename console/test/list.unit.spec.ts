import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { cascaderLabels, cellText } from '../src/list/cellValue';
import { EXPORT_PAGE_SIZE, exportProgress, fetchAllPages } from '../src/list/exportPages';
import {
  columnTree,
  type FieldDefinition,
  fieldTree,
  groupRows,
  inputTypeOf,
  leavesOf,
  visibleTree,
} from '../src/list/fields';
import { columnTitles, decodeText, hasImportExtension, rowsToRecords } from '../src/list/importRows';
import { readSheet } from '../src/list/readSheet';
import { csvText, sheetTable } from '../src/list/spreadsheetFile';
import {
  DAY_MS,
  epochToDateInput,
  epochToDatetimeInput,
  formatValue,
  inputToEpoch,
  msToTimeInput,
  rangeKeys,
  shortcutRange,
  timeInputToMs,
} from '../src/list/values';

const regions = { province: '省', city: '市', district: '区' };
const keys = (nodes: { key: string }[]) => nodes.map((node) => node.key);
const context = {
  translate: (key: string) => key,
  regionName: (code: string) => ({ '110000': '北京市', '110105': '朝阳区' })[code] ?? code,
};

// GB18030 (as Excel on Chinese Windows saves CSV) of 姓名,手机号 / 张三,13800000000 / 中文,13800000001
const GB18030_CSV = new Uint8Array([
  0xd0,
  0xd5,
  0xc3,
  0xfb,
  0x2c,
  0xca,
  0xd6,
  0xbb,
  0xfa,
  0xba,
  0xc5,
  0x0d,
  0x0a,
  0xd5,
  0xc5,
  0xc8,
  0xfd,
  0x2c,
  ...Buffer.from('13800000000\r\n'),
  0xd6,
  0xd0,
  0xce,
  0xc4,
  0x2c,
  ...Buffer.from('13800000001\r\n'),
]);

describe('field definitions → columns (SPEC §3)', () => {
  const fields: FieldDefinition[] = [
    { name: '', field: 'check', type: 'selection' },
    { name: '序号', field: 'index', type: 'index' },
    { name: '内容', field: 'content' },
    {
      name: '提交人',
      field: 'who',
      children: [
        { name: '姓名', field: 'name' },
        {
          name: '联系方式',
          field: 'contact',
          children: [
            { name: '手机号', field: 'telephone' },
            { name: '邮箱', field: 'email' },
          ],
        },
      ],
    },
    { name: '地区', field: 'area', type: 'region' },
    { name: '关键词', field: 'keyword', bolShowColumn: false, bolShowSearch: true },
  ];
  const tree = columnTree(fields, regions);

  it('leaves out the selection and hidden-column fields, and expands a region into province, city, district', () => {
    expect(keys(leavesOf(tree))).toEqual([
      'index',
      'content',
      'who/name',
      'who/contact/telephone',
      'who/contact/email',
      'area.province',
      'area.city',
      'area.district',
    ]);
    const area = tree.find((node) => node.key === 'area');
    expect(area?.label).toBe('地区');
    expect(area?.children?.map((node) => node.label)).toEqual(['省', '市', '区']);
    expect(leavesOf(tree).every((leaf) => leaf.align === 'center')).toBe(true);
  });

  it('builds the group header rows with spans, spacers reaching down to the label row', () => {
    const rows = groupRows(tree);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual([
      { key: 'index', label: '', colSpan: 1, rowSpan: 2 },
      { key: 'content', label: '', colSpan: 1, rowSpan: 2 },
      { key: 'who', label: '提交人', colSpan: 3, rowSpan: 1 },
      { key: 'area', label: '地区', colSpan: 3, rowSpan: 1 },
    ]);
    expect(rows[1]).toEqual([
      { key: 'who/name', label: '', colSpan: 1, rowSpan: 1 },
      { key: 'who/contact', label: '联系方式', colSpan: 2, rowSpan: 1 },
      { key: 'area.province', label: '', colSpan: 1, rowSpan: 1 },
      { key: 'area.city', label: '', colSpan: 1, rowSpan: 1 },
      { key: 'area.district', label: '', colSpan: 1, rowSpan: 1 },
    ]);
    expect(groupRows(columnTree([{ name: 'a', field: 'a' }], regions))).toEqual([]);
  });

  it('hides columns, drops emptied groups and narrows the spans', () => {
    const shown = visibleTree(tree, new Set(['who/contact/telephone', 'who/contact/email', 'area.city']));
    expect(keys(leavesOf(shown))).toEqual(['index', 'content', 'who/name', 'area.province', 'area.district']);
    const rows = groupRows(shown);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.find((cell) => cell.key === 'area')?.colSpan).toBe(2);
  });

  it('nests groups three levels deep at most: a fourth level lends its columns to the third', () => {
    const deep: FieldDefinition[] = [
      {
        name: 'L1',
        field: 'l1',
        children: [
          {
            name: 'L2',
            field: 'l2',
            children: [
              {
                name: 'L3',
                field: 'l3',
                children: [
                  {
                    name: 'L4',
                    field: 'l4',
                    children: [
                      { name: 'x', field: 'x' },
                      { name: 'y', field: 'y' },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ];
    const deepTree = columnTree(deep, regions);
    expect(groupRows(deepTree)).toHaveLength(2);
    expect(keys(leavesOf(deepTree))).toEqual(['l1/l2/l3/l4/x', 'l1/l2/l3/l4/y']);
  });

  it('reads the flat form of a group tree from id and pid', () => {
    const flat: FieldDefinition[] = [
      { name: '组', field: 'g', id: 1, isHadChild: true },
      { name: 'a', field: 'a', id: 2, pid: 1 },
      { name: 'b', field: 'b', id: 3, pid: 1 },
      { name: 'c', field: 'c', id: 4, pid: 0 },
    ];
    expect(fieldTree(flat).map((field) => [field.field, field.children?.map((child) => child.field)])).toEqual([
      ['g', ['a', 'b']],
      ['c', undefined],
    ]);
  });

  it('picks inputs from the type when the definition names none; searches of dates are ranges', () => {
    expect(inputTypeOf({ name: '', field: 'd', type: 'date' }, 'form')).toBe('date');
    expect(inputTypeOf({ name: '', field: 'd', type: 'date' }, 'search')).toBe('dateRange');
    expect(inputTypeOf({ name: '', field: 't', type: 'time' }, 'search')).toBe('timeRange');
    expect(inputTypeOf({ name: '', field: 's', options: [{ value: 1, label: 'a' }], multiple: true }, 'form')).toBe(
      'multiSelect',
    );
    expect(inputTypeOf({ name: '', field: 'p', formType: 'password' }, 'form')).toBe('password');
    expect(inputTypeOf({ name: '', field: 'i', type: 'images' }, 'form')).toBe('album');
  });
});

describe('cell values', () => {
  const column = (definition: FieldDefinition, regionPart?: 'province' | 'district') => ({
    key: definition.field,
    definition: definition as FieldDefinition<never>,
    label: definition.name,
    align: 'center' as const,
    regionPart,
  });

  it('shows option labels, cascader paths and region names', () => {
    const options = [{ value: 'zj', label: '浙江', children: [{ value: 'hz', label: '杭州' }] }];
    expect(cascaderLabels(options, ['zj', 'hz'])).toEqual(['浙江', '杭州']);
    expect(cellText({ c: ['zj', 'hz'] }, column({ name: '', field: 'c', type: 'cascader', options }), context)).toBe(
      '浙江 / 杭州',
    );
    const roles = [
      { value: 1, label: '管理员' },
      { value: 2, label: '成员' },
    ];
    expect(cellText({ r: 2 }, column({ name: '', field: 'r', options: roles }), context)).toBe('成员');
    expect(cellText({ r: '1,2' }, column({ name: '', field: 'r', options: roles, multiple: true }), context)).toBe(
      '管理员, 成员',
    );
    const area = { name: '', field: 'area', type: 'region' as const };
    expect(cellText({ area: ['110000', '110100', '110105'] }, column(area, 'province'), context)).toBe('北京市');
    expect(cellText({ area: '110000,110100,110105' }, column(area, 'district'), context)).toBe('朝阳区');
  });
});

describe('values (SPEC §5)', () => {
  it('stores dates as epoch ms and reads them back', () => {
    const noon = new Date(2025, 2, 9, 12, 30, 15).getTime();
    expect(inputToEpoch('2025-03-09')).toBe(new Date(2025, 2, 9).getTime());
    expect(inputToEpoch('2025-03-09T12:30:15')).toBe(noon);
    expect(inputToEpoch('2025-03-09T12:30')).toBe(noon - 15_000);
    expect(inputToEpoch('')).toBeNull();
    expect(inputToEpoch('yesterday')).toBeNull();
    expect(epochToDateInput(noon)).toBe('2025-03-09');
    expect(epochToDatetimeInput(noon)).toBe('2025-03-09T12:30:15');
    expect(epochToDatetimeInput(String(noon))).toBe('2025-03-09T12:30:15');
    expect(epochToDateInput(null)).toBe('');
    expect(formatValue(noon, 'datetime')).toBe('2025-03-09 12:30:15');
  });

  it('stores times as ms since midnight', () => {
    expect(timeInputToMs('00:00')).toBe(0);
    expect(timeInputToMs('08:30')).toBe(30_600_000);
    expect(timeInputToMs('23:59:59')).toBe(86_399_000);
    expect(timeInputToMs('24:00')).toBeNull();
    expect(msToTimeInput(30_600_000)).toBe('08:30:00');
    expect(formatValue(86_399_000, 'time')).toBe('23:59:59');
  });

  it('names range values begin{Field} and end{Field}, with the three date shortcuts', () => {
    expect(rangeKeys('createTime')).toEqual(['beginCreateTime', 'endCreateTime']);
    const now = Date.UTC(2025, 5, 1);
    expect(shortcutRange('lastWeek', now)).toEqual([now - 7 * DAY_MS, now]);
    expect(shortcutRange('lastMonth', now)).toEqual([now - 30 * DAY_MS, now]);
    expect(shortcutRange('lastThreeMonths', now)).toEqual([now - 90 * DAY_MS, now]);
  });
});

describe('import (SPEC §5)', () => {
  it('accepts xlsx, xlc, xlm, xls, xlt, xlw and csv only, in any case', () => {
    for (const name of ['a.xlsx', 'b.XLS', 'c.csv', 'd.xlc', 'e.xlm', 'f.xlt', 'g.xlw', '成员.名单.Xlsx']) {
      expect(hasImportExtension(name), name).toBe(true);
    }
    for (const name of ['a.txt', 'xlsx', 'a.xlsx.exe', 'a.numbers', 'a.', '']) {
      expect(hasImportExtension(name), name).toBe(false);
    }
  });

  it('decodes GB18030 (Excel on Chinese Windows), UTF-8 with and without a BOM, and UTF-16 with a BOM', () => {
    expect(decodeText(GB18030_CSV)).toEqual({
      text: '姓名,手机号\r\n张三,13800000000\r\n中文,13800000001\r\n',
      encoding: 'gb18030',
    });
    const utf8 = new TextEncoder().encode('姓名,手机号');
    expect(decodeText(utf8)).toEqual({ text: '姓名,手机号', encoding: 'utf-8' });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text).toBe('姓名,手机号');
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x2d, 0x4e, 0x87, 0x65])).text).toBe('中文');
    expect(decodeText(new Uint8Array(Buffer.from('plain ascii'))).encoding).toBe('utf-8');
  });

  const columns = [
    { label: '姓名', definition: { name: '姓名', field: 'name' } },
    { label: '手机号', definition: { name: '手机号', field: 'telephone' } },
    { label: '备注', definition: { name: '备注', field: 'remark' } },
  ] as never[];

  it('matches sheet columns by the lowest header cell of each column, over up to three header rows', () => {
    expect(
      columnTitles([
        ['基本信息', '', '联系'],
        ['姓名', '', ''],
        ['', '备注', '手机号'],
      ]),
    ).toEqual(['姓名', '备注', '手机号']);
    const sheet = [
      ['基本信息', '', '联系'],
      ['姓名', '备注', '手机号'],
      ['张三', '组长', 13800000000],
      ['', '', ''],
      ['李四', '', '13800000001'],
    ];
    expect(rowsToRecords(sheet, 2, columns)).toEqual([
      {
        rowNumber: 3,
        values: { name: '张三', remark: '组长', telephone: '13800000000' },
        cells: ['张三', '组长', '13800000000'],
      },
      {
        rowNumber: 5,
        values: { name: '李四', remark: '', telephone: '13800000001' },
        cells: ['李四', '', '13800000001'],
      },
    ]);
    // more than three header rows are read as three
    expect(rowsToRecords(sheet, 9, columns).map((row) => row.rowNumber)).toEqual([5]);
  });

  it('matches by field name too, and takes columns in order when no title matches or there is no header', () => {
    expect(rowsToRecords([['telephone'], ['13800000000']], 1, columns)).toEqual([
      { rowNumber: 2, values: { telephone: '13800000000' }, cells: ['13800000000'] },
    ]);
    expect(rowsToRecords([['甲', '1', 'x']], 0, columns)).toEqual([
      { rowNumber: 1, values: { name: '甲', telephone: '1', remark: 'x' }, cells: ['甲', '1', 'x'] },
    ]);
  });

  it('reads a GB18030 csv and a legacy .xls through SheetJS', async () => {
    expect(await readSheet('名单.csv', GB18030_CSV)).toEqual([
      ['姓名', '手机号'],
      ['张三', '13800000000'],
      ['中文', '13800000001'],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['姓名', '手机号'],
        ['王五', '13800000002'],
      ]),
      '成员',
    );
    const xls = XLSX.write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer;
    expect(new Uint8Array(xls).subarray(0, 4)).toEqual(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]));
    expect(await readSheet('old.xls', new Uint8Array(xls))).toEqual([
      ['姓名', '手机号'],
      ['王五', '13800000002'],
    ]);
  });
});

describe('export (SPEC §4, §9)', () => {
  it('holds progress at 99 until the download', () => {
    expect(exportProgress(0, 1000)).toBe(0);
    expect(exportProgress(500, 1000)).toBe(50);
    expect(exportProgress(1000, 1000)).toBe(99);
    expect(exportProgress(0, 0)).toBe(99);
  });

  it('fetches pages of 100 from the first to the last', async () => {
    const all = Array.from({ length: 1000 }, (_, id) => ({ id }));
    const asked: number[] = [];
    const progress: number[] = [];
    const rows = await fetchAllPages(
      async (page, pageSize) => {
        asked.push(page);
        expect(pageSize).toBe(EXPORT_PAGE_SIZE);
        return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length };
      },
      (percent) => progress.push(percent),
    );
    expect(rows).toEqual(all);
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(progress).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 99]);
  });

  it('stops at a short page, and between pages when aborted', async () => {
    const short = await fetchAllPages(
      async () => ({ rows: [1, 2], total: 500 }),
      () => undefined,
    );
    expect(short).toEqual([1, 2]);
    const controller = new AbortController();
    const pages: number[] = [];
    const run = fetchAllPages(
      async (page) => {
        pages.push(page);
        controller.abort();
        return { rows: Array(100).fill(0), total: 1000 };
      },
      () => undefined,
      controller.signal,
    );
    await expect(run).rejects.toThrow();
    expect(pages).toEqual([1]);
  });

  it('writes the grouped headers as header rows, group labels over their first column', () => {
    const fields: FieldDefinition[] = [
      { name: '序号', field: 'index', type: 'index' },
      { name: '内容', field: 'content' },
      {
        name: '提交人',
        field: 'who',
        children: [
          { name: '姓名', field: 'name' },
          { name: '手机号', field: 'telephone' },
        ],
      },
      { name: '时间', field: 'time', type: 'datetime' },
    ];
    const at = new Date(2025, 0, 2, 3, 4, 5).getTime();
    const table = sheetTable(
      columnTree(fields, regions) as never,
      [{ content: '=1+1', name: '张, 三', telephone: '138', time: at }],
      context,
    );
    expect(table.header.map((row) => row.map((cell) => cell && [cell.text, cell.colSpan]))).toEqual([
      [null, ['提交人', 2], null, null],
      [
        ['内容', 1],
        ['姓名', 1],
        ['手机号', 1],
        ['时间', 1],
      ],
    ]);
    expect(csvText(table).split('\r\n')).toEqual([
      ',提交人,,',
      '内容,姓名,手机号,时间',
      `'=1+1,"张, 三",138,2025-01-02 03:04:05`,
      '',
    ]);
  });
});
