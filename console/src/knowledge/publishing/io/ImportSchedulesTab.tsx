import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { Alert, Box, Button, Card, Chip, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import type { TabProps } from '../../settings/ProjectSettingsPage';
import {
  deleteImportSchedule,
  type ImportSchedule,
  importSchedules,
  publishingKeys,
  type ScheduleFields,
  saveImportSchedule,
} from '../publishingApi';
import { ScheduleDialog, useIntervalLabel } from './ScheduleDialog';

/** Project settings → 定时导入: re-imports from a URL at an interval; managers add, change and delete them. */
export function ImportSchedulesTab({ projectId, readOnly }: TabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const intervalLabel = useIntervalLabel();
  const schedules = useQuery({
    queryKey: publishingKeys.schedules(projectId),
    queryFn: () => importSchedules(projectId),
  });
  // undefined: no dialog; null: a new schedule
  const [editing, setEditing] = useState<ImportSchedule | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ImportSchedule | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      return true;
    } catch {
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: publishingKeys.schedules(projectId) });
    }
  };
  const save = async (fields: ScheduleFields) => {
    const id = editing?.scheduleId;
    if (await run(() => saveImportSchedule(projectId, fields, id), 'app.knowledge.io.schedules.saved')) {
      setEditing(undefined);
    }
  };
  const list = schedules.data ?? [];

  return (
    <Box data-testid="import-schedules-tab">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate('app.knowledge.io.schedules.hint')}
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} sx={{ flex: 'none' }}>
            {translate('app.knowledge.io.schedules.add')}
          </Button>
        )}
      </Box>
      {schedules.isPending && <LinearProgress />}
      {schedules.error && <Alert severity="error">{translate(schedules.error.message || 'app.request.error')}</Alert>}
      {schedules.isSuccess && list.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('app.knowledge.io.schedules.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {list.map((schedule) => (
          <Card
            key={schedule.scheduleId}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5 }}
            data-testid="import-schedule"
            data-url={schedule.url}
          >
            <ScheduleIcon color={schedule.enabled ? 'primary' : 'disabled'} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap title={schedule.url} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {schedule.url}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
                <Chip size="small" label={intervalLabel(schedule.intervalMinutes)} />
                <Chip
                  size="small"
                  variant="outlined"
                  label={translate(
                    schedule.format && schedule.format !== 'auto'
                      ? `app.knowledge.io.formats.${schedule.format}`
                      : 'app.knowledge.io.format_auto',
                  )}
                />
                {!schedule.enabled && <Chip size="small" label={translate('app.knowledge.io.schedules.paused')} />}
                <LastRun schedule={schedule} />
              </Box>
            </Box>
            {!readOnly && (
              <>
                <Tooltip title={translate('ra.action.edit')}>
                  <IconButton aria-label={translate('ra.action.edit')} onClick={() => setEditing(schedule)}>
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('ra.action.delete')}>
                  <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(schedule)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Card>
        ))}
      </Box>
      {editing !== undefined && (
        <ScheduleDialog schedule={editing} busy={busy} onSave={save} onClose={() => setEditing(undefined)} />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={busy}
        title="app.knowledge.io.schedules.delete_title"
        content="app.knowledge.io.schedules.delete_content"
        contentTranslateOptions={{ url: deleting?.url ?? '' }}
        confirmColor="warning"
        onConfirm={async () => {
          if (deleting) {
            await run(() => deleteImportSchedule(projectId, deleting.scheduleId), 'app.knowledge.io.schedules.deleted');
          }
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}

function LastRun({ schedule }: { schedule: ImportSchedule }) {
  const translate = useTranslate();
  const failed = schedule.lastStatus === 'failed';
  return (
    <Typography variant="caption" color={failed ? 'error' : 'text.secondary'} data-testid="schedule-last-run">
      {schedule.lastRunAt
        ? translate('app.knowledge.io.schedules.last_run', { time: formatMinute(schedule.lastRunAt) })
        : translate('app.knowledge.io.schedules.never')}
      {schedule.lastStatus && ` · ${translate(`app.knowledge.io.schedules.status.${schedule.lastStatus}`)}`}
      {schedule.lastMessage && ` · ${schedule.lastMessage}`}
      {schedule.enabled &&
        schedule.nextRunAt > 0 &&
        ` · ${translate('app.knowledge.io.schedules.next_run', { time: formatMinute(schedule.nextRunAt) })}`}
    </Typography>
  );
}
