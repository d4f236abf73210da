import type { TeamMember } from '../teams/teamApi';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Cell = string | Date;

const COLUMNS: { field: keyof TeamMember; width: number }[] = [
  { field: 'nickname', width: 18 },
  { field: 'trueName', width: 14 },
  { field: 'telephone', width: 16 },
  { field: 'role', width: 10 },
  { field: 'joinedAt', width: 20 },
];

/** The members as a header row plus one row per member, in the labels the screen shows. */
export function memberTable(members: TeamMember[], translate: Translate): Cell[][] {
  const header = COLUMNS.map(({ field }) => translate(`resources.teamUsers.fields.${field}`));
  const rows = members.map((member) => [
    member.nickname,
    member.trueName,
    member.telephone,
    translate(`app.team.roles.${member.role}`),
    new Date(member.joinedAt),
  ]);
  return [header, ...rows];
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
  `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Quotes a CSV field, and defuses text a spreadsheet would run as a formula. */
function csvField(cell: Cell): string {
  let text = cell instanceof Date ? formatDate(cell) : cell;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CSV with a UTF-8 byte order mark, which is what makes Excel read Chinese correctly. */
export function toCsvBlob(table: Cell[][]): Blob {
  const csv = table.map((row) => row.map(csvField).join(',')).join('\r\n');
  return new Blob([`\uFEFF${csv}\r\n`], { type: 'text/csv;charset=utf-8' });
}

export async function toXlsxBlob(table: Cell[][], sheet: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const [header = [], ...rows] = table;
  const data = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value) => (value instanceof Date ? { value, type: Date, format: 'yyyy-mm-dd hh:mm:ss' } : { value })),
    ),
  ];
  return writeXlsxFile(data, {
    sheet,
    columns: COLUMNS.map(({ width }) => ({ width })),
    stickyRowsCount: 1,
  }).toBlob();
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const fileStamp = (date = new Date()) =>
  `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-${pad(date.getHours())}${pad(date.getMinutes())}`;
