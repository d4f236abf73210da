import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ImportFormat, ImportSchedule, ScheduleFields } from '../publishingApi';
import { IMPORT_FORMATS, isHttpUrl } from './ioModel';

/** docs/api/publishing.md: 60–10080 minutes; the usual choices, and a stored value that is none of them. */
const INTERVALS = [60, 180, 360, 720, 1440, 10080];

export function useIntervalLabel() {
  const translate = useTranslate();
  return (minutes: number) =>
    minutes === 1440
      ? translate('app.knowledge.io.schedules.every_day')
      : minutes === 10080
        ? translate('app.knowledge.io.schedules.every_week')
        : minutes % 60 === 0
          ? translate('app.knowledge.io.schedules.every_hours', { count: minutes / 60 })
          : translate('app.knowledge.io.schedules.every_minutes', { count: minutes });
}

interface ScheduleDialogProps {
  /** null: a new schedule. */
  schedule: ImportSchedule | null;
  busy: boolean;
  onSave(fields: ScheduleFields): void;
  onClose(): void;
}

export function ScheduleDialog({ schedule, busy, onSave, onClose }: ScheduleDialogProps) {
  const translate = useTranslate();
  const intervalLabel = useIntervalLabel();
  const [url, setUrl] = useState(schedule?.url ?? '');
  const [format, setFormat] = useState<ScheduleFields['format']>((schedule?.format || 'auto') as ImportFormat | 'auto');
  const [interval, setMinutes] = useState(schedule?.intervalMinutes ?? 1440);
  const [enabled, setEnabled] = useState(schedule?.enabled ?? true);
  const [touched, setTouched] = useState(false);
  const urlOk = isHttpUrl(url);
  const intervals = INTERVALS.includes(interval) ? INTERVALS : [...INTERVALS, interval].sort((a, b) => a - b);

  return (
    <Dialog open onClose={() => !busy && onClose()} fullWidth maxWidth="sm" aria-labelledby="schedule-dialog-title">
      <DialogTitle id="schedule-dialog-title">
        {translate(schedule ? 'app.knowledge.io.schedules.edit' : 'app.knowledge.io.schedules.add')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label={translate('app.knowledge.io.url')}
          name="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && !urlOk}
          helperText={translate(touched && !urlOk ? 'app.knowledge.io.url_invalid' : 'app.knowledge.io.url_hint')}
          placeholder="https://example.com/openapi.json"
          size="small"
          required
        />
        <TextField
          select
          label={translate('app.knowledge.io.format')}
          value={format}
          onChange={(event) => setFormat(event.target.value as ScheduleFields['format'])}
          size="small"
        >
          <MenuItem value="auto">{translate('app.knowledge.io.format_auto')}</MenuItem>
          {IMPORT_FORMATS.map((key) => (
            <MenuItem key={key} value={key}>
              {translate(`app.knowledge.io.formats.${key}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={translate('app.knowledge.io.schedules.interval')}
          value={interval}
          onChange={(event) => setMinutes(Number(event.target.value))}
          size="small"
        >
          {intervals.map((minutes) => (
            <MenuItem key={minutes} value={minutes}>
              {intervalLabel(minutes)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
          label={translate('app.knowledge.io.schedules.enabled')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !urlOk}
          onClick={() => onSave({ url: url.trim(), format, intervalMinutes: interval, enabled })}
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
