import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { downloadBlob, fileStamp, type SheetTable, toCsvBlob } from '../list/spreadsheetFile';
import { formatDay } from '../utils/formatTime';
import { taskTable, toTaskXlsxBlob } from './exportTasks';
import { TaskStatusChip } from './StatusChips';
import type { Task } from './taskApi';
import { type SortField, type SortOrder, sortTasks } from './taskFilters';

/** SPEC §9 page sizes. */
const PAGE_SIZES = [10, 20, 30, 50];

const COLUMNS: { field: SortField; label: string; align?: 'right' }[] = [
  { field: 'name', label: 'name' },
  { field: 'flowName', label: 'flow' },
  { field: 'status', label: 'status' },
  { field: 'userName', label: 'assignee' },
  { field: 'urgentLevel', label: 'urgency' },
  { field: 'startTime', label: 'start_time' },
  { field: 'endTime', label: 'end_time' },
  { field: 'workHour', label: 'work_hour', align: 'right' },
  { field: 'spentHours', label: 'spent_hours', align: 'right' },
];

/** The list view: the filtered tasks, sorted on any column, paged, exported as shown (every page). */
export const TaskTable = ({ tasks, onOpen }: { tasks: Task[]; onOpen: (taskId: number) => void }) => {
  const translate = useTranslate();
  const [sort, setSort] = useState<{ field: SortField; order: SortOrder }>({ field: 'createdAt', order: 'desc' });
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sorted = useMemo(() => sortTasks(tasks, sort.field, sort.order), [tasks, sort]);
  const rows = sorted.slice(page * perPage, (page + 1) * perPage);

  const sortBy = (field: SortField) =>
    setSort((current) => ({ field, order: current.field === field && current.order === 'asc' ? 'desc' : 'asc' }));

  const exportAs = async (format: 'xlsx' | 'csv') => {
    setAnchor(null);
    const table = taskTable(sorted, translate);
    const title = translate('app.task.list.export_file');
    const [head = [], ...body] = table;
    const sheet: SheetTable = {
      header: [head.map((text) => ({ text: String(text), colSpan: 1, rowSpan: 1 }))],
      rows: body.map((row) => row.map(String)),
      widths: head.map(() => 16),
    };
    const blob = format === 'csv' ? toCsvBlob(sheet) : await toTaskXlsxBlob(table, title);
    downloadBlob(blob, `${title}-${fileStamp()}.${format}`);
  };

  return (
    <Paper variant="outlined" data-testid="task-table">
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={(event) => setAnchor(event.currentTarget)}
          disabled={!tasks.length}
          aria-haspopup="menu"
          data-testid="task-export"
        >
          {translate('ra.action.export')}
        </Button>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => exportAs('xlsx')}>{translate('app.list.export_xlsx')}</MenuItem>
          <MenuItem onClick={() => exportAs('csv')}>{translate('app.list.export_csv')}</MenuItem>
        </Menu>
      </Box>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map(({ field, label, align }) => (
                <TableCell key={field} align={align} sortDirection={sort.field === field ? sort.order : false}>
                  <TableSortLabel
                    active={sort.field === field}
                    direction={sort.field === field ? sort.order : 'asc'}
                    onClick={() => sortBy(field)}
                  >
                    {translate(`app.task.fields.${label}`)}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((task) => (
              <TableRow
                key={task.taskId}
                hover
                onClick={() => onOpen(task.taskId)}
                sx={{ cursor: 'pointer' }}
                data-testid="task-row"
              >
                <TableCell sx={{ maxWidth: 320, fontWeight: 500 }}>{task.name}</TableCell>
                <TableCell>{task.flowName}</TableCell>
                <TableCell>
                  <TaskStatusChip status={task.status} />
                </TableCell>
                <TableCell>{task.userName}</TableCell>
                <TableCell>{translate(`app.task.urgency.${task.urgentLevel}`)}</TableCell>
                <TableCell>{formatDay(task.startTime)}</TableCell>
                <TableCell>{formatDay(task.endTime)}</TableCell>
                <TableCell align="right">{task.workHour}</TableCell>
                <TableCell align="right">{task.spentHours}</TableCell>
              </TableRow>
            ))}
            {!rows.length && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {translate('app.task.list.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={sorted.length}
        page={Math.min(page, Math.max(0, Math.ceil(sorted.length / perPage) - 1))}
        rowsPerPage={perPage}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => [setPerPage(Number(event.target.value)), setPage(0)]}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
        }
      />
    </Paper>
  );
};
