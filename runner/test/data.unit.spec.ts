import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { checkDataFileSize, DataFileError, parseDataFile } from '../src/data/index.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('csv', () => {
  it('reads the header as columns and each line as a row, with or without a UTF-8 BOM', async () => {
    for (const text of ['name,age\n张三,30\n李四,\n', '\ufeffname,age\r\n张三,30\r\n李四,\r\n']) {
      expect(await parseDataFile(utf8(text), 'users.csv')).toEqual({
        fileName: 'users.csv',
        columns: ['name', 'age'],
        rows: [
          ['张三', '30'],
          ['李四', ''],
        ],
      });
    }
  });

  it('reads GB18030 text as Excel saves csv on a Chinese Windows', async () => {
    // 名称,城市 / 张三,北京 in GB18030.
    const gb = Uint8Array.from([
      0xc3, 0xfb, 0xb3, 0xc6, 0x2c, 0xb3, 0xc7, 0xca, 0xd0, 0x0d, 0x0a, 0xd5, 0xc5, 0xc8, 0xfd, 0x2c, 0xb1, 0xb1, 0xbe,
      0xa9, 0x0d, 0x0a,
    ]);
    expect(await parseDataFile(gb, 'gb.csv')).toMatchObject({ columns: ['名称', '城市'], rows: [['张三', '北京']] });
  });

  it('keeps quoted commas and line breaks, skips blank lines, fits rows to the header', async () => {
    const data = await parseDataFile(utf8('a,b,\n"x, y","line1\nline2"\n\n1\n1,2,3,4\n'), 'q.csv');
    expect(data.columns).toEqual(['a', 'b']);
    expect(data.rows).toEqual([
      ['x, y', 'line1\nline2'],
      ['1', ''],
      ['1', '2'],
    ]);
  });

  it('names blank header cells by position', async () => {
    expect((await parseDataFile(utf8('a,,c\n1,2,3'), 'h.csv')).columns).toEqual(['a', '列2', 'c']);
  });

  it('refuses a million rows with the count, keeping at most the allowed rows', async () => {
    const lines = ['id,name'];
    for (let i = 0; i < 1_000_000; i++) lines.push(`${i},u${i}`);
    const content = utf8(lines.join('\n'));
    const error = await parseDataFile(content, 'big.csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFileError);
    expect((error as Error).message).toBe('数据文件最多 10000 行，当前 1000000 行');
  });

  it('takes exactly 10,000 rows', async () => {
    const lines = ['n'];
    for (let i = 0; i < 10_000; i++) lines.push(String(i));
    const data = await parseDataFile(utf8(lines.join('\n')), 'ok.csv');
    expect(data.rows).toHaveLength(10_000);
    expect(data.rows.at(-1)).toEqual(['9999']);
  });

  it('refuses more than 100 columns, a file without a header, a file over 20 MB', async () => {
    const wide = Array.from({ length: 150 }, (_, i) => `c${i}`).join(',');
    await expect(parseDataFile(utf8(`${wide}\n1`), 'w.csv')).rejects.toThrow('数据文件最多 100 列，当前 150 列');
    await expect(parseDataFile(utf8('\n\n'), 'e.csv')).rejects.toThrow('数据文件没有表头行');
    expect(() => checkDataFileSize(35 * 1024 * 1024)).toThrow('数据文件最大 20 MB，当前 35.0 MB');
    await expect(parseDataFile(new Uint8Array(21 * 1024 * 1024), 'huge.csv')).rejects.toThrow('数据文件最大 20 MB');
  });
});

describe('xlsx', () => {
  const workbook = (rows: unknown[][]) => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), '数据');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['other'], ['ignored']]), 'Sheet2');
    return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  };

  it('reads the first sheet of a real workbook, cells as Excel shows them', async () => {
    const content = workbook([
      ['用户名', '年龄', '启用'],
      ['张三', 30, true],
      ['李四', 25.5],
    ]);
    expect(await parseDataFile(content, 'users.xlsx')).toEqual({
      fileName: 'users.xlsx',
      columns: ['用户名', '年龄', '启用'],
      rows: [
        ['张三', '30', 'TRUE'],
        ['李四', '25.5', ''],
      ],
    });
  });

  it('refuses a sheet of too many rows, telling how many there are', async () => {
    const rows: unknown[][] = [['n']];
    for (let i = 0; i < 12_000; i++) rows.push([i]);
    await expect(parseDataFile(workbook(rows), 'big.xlsx')).rejects.toThrow('数据文件最多 10000 行，当前 12000 行');
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(parseDataFile(utf8('not a zip'), 'bad.xlsx')).rejects.toBeInstanceOf(DataFileError);
  });
});

describe('json (as newman takes it)', () => {
  it('reads an array of objects, columns in the order first met', async () => {
    const data = await parseDataFile(utf8('[{"a":1,"b":"x"},{"b":"y","c":{"d":true}},{"a":null}]'), 'd.json');
    expect(data).toEqual({
      fileName: 'd.json',
      columns: ['a', 'b', 'c'],
      rows: [
        ['1', 'x', ''],
        ['', 'y', '{"d":true}'],
        ['', '', ''],
      ],
    });
  });

  it('refuses what is not an array of objects, and unknown formats', async () => {
    await expect(parseDataFile(utf8('{"a":1}'), 'd.json')).rejects.toThrow('JSON 数据文件应为对象数组');
    await expect(parseDataFile(utf8('[1'), 'd.json')).rejects.toThrow('JSON 数据文件无法解析');
    await expect(parseDataFile(utf8('x'), 'd.txt')).rejects.toThrow('不支持的数据文件格式：d.txt');
  });
});
