import {
  Alert,
  Box,
  LinearProgress,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { type WorkHourReport as Report, taskCall, taskKeys } from './taskApi';

const round = (hours: number) => Math.round(hours * 100) / 100;

/** Spent against estimated, as a bar that turns red past the estimate. */
const Usage = ({ spent, estimated }: { spent: number; estimated: number }) => {
  if (!estimated)
    return (
      <Typography variant="caption" color="text.secondary">
        —
      </Typography>
    );
  const ratio = spent / estimated;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 140 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, ratio * 100)}
        color={ratio > 1 ? 'error' : 'primary'}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption">{Math.round(ratio * 100)}%</Typography>
    </Box>
  );
};

/** The record: hours per member from task/workHourReport (every member, zeros included) and the project's totals. */
export const WorkHourReport = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const { data: report, isPending } = useQuery({
    queryKey: taskKeys.report(projectId),
    queryFn: () => taskCall<Report>('workHourReport', { projectId }),
  });
  if (isPending) return <LinearProgress />;
  if (!report) return null;
  return (
    <Paper variant="outlined" data-testid="work-hour-report">
      <Alert severity="info" sx={{ m: 1.5 }}>
        {translate('app.task.record.hint')}
      </Alert>
      <TableContainer>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.task.record.member')}</TableCell>
              <TableCell align="right">{translate('app.task.record.task_count')}</TableCell>
              <TableCell align="right">{translate('app.task.fields.work_hour')}</TableCell>
              <TableCell align="right">{translate('app.task.fields.spent_hours')}</TableCell>
              <TableCell>{translate('app.task.record.usage')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {report.members.map((member) => (
              <TableRow key={member.userId} data-testid="record-row" data-name={member.name}>
                <TableCell>{member.name}</TableCell>
                <TableCell align="right">{member.taskCount}</TableCell>
                <TableCell align="right">{round(member.estimatedHours)}</TableCell>
                <TableCell align="right">{round(member.spentHours)}</TableCell>
                <TableCell>
                  <Usage spent={member.spentHours} estimated={member.estimatedHours} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow
              data-testid="record-total"
              sx={{ '& td': { fontWeight: 600, fontSize: 14, color: 'text.primary' } }}
            >
              <TableCell>{translate('app.task.record.total')}</TableCell>
              <TableCell align="right">{report.taskCount}</TableCell>
              <TableCell align="right">{round(report.estimatedHours)}</TableCell>
              <TableCell align="right">{round(report.spentHours)}</TableCell>
              <TableCell>
                <Usage spent={report.spentHours} estimated={report.estimatedHours} />
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
};
