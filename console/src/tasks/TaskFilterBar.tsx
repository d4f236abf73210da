import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DayPicker } from '../dates';
import type { ProjectMember } from './taskApi';
import { isFiltering, type TaskFilter } from './taskFilters';

interface TaskFilterBarProps {
  members: ProjectMember[];
  filter: TaskFilter;
  onChange: (filter: TaskFilter) => void;
}

const URGENCY_LEVELS = [0, 1, 2];

/** Assignee, urgency and a planned-date range, shared by the board and the list. */
export const TaskFilterBar = ({ members, filter, onChange }: TaskFilterBarProps) => {
  const translate = useTranslate();
  const set = (change: Partial<TaskFilter>) => onChange({ ...filter, ...change });
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="task-filters">
      <TextField
        select
        fullWidth={false}
        size="small"
        label={translate('app.task.fields.assignee')}
        value={filter.userId ?? ''}
        onChange={(event) => set({ userId: event.target.value === '' ? '' : Number(event.target.value) })}
        sx={{ minWidth: 140 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('app.task.filter.all_assignees')}</MenuItem>
        {members.map((member) => (
          <MenuItem key={member.userId} value={member.userId}>
            {member.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        size="small"
        label={translate('app.task.fields.urgency')}
        value={filter.urgentLevel ?? ''}
        onChange={(event) => set({ urgentLevel: event.target.value === '' ? '' : Number(event.target.value) })}
        sx={{ minWidth: 120 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('app.task.filter.all_urgencies')}</MenuItem>
        {URGENCY_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {translate(`app.task.urgency.${level}`)}
          </MenuItem>
        ))}
      </TextField>
      <DayPicker
        name="from"
        label={translate('app.task.filter.from')}
        value={filter.from}
        onChange={(from) => set({ from })}
        clearable
        sx={{ width: 170 }}
      />
      <DayPicker
        name="to"
        label={translate('app.task.filter.to')}
        value={filter.to}
        onChange={(to) => set({ to })}
        endOfDay
        clearable
        sx={{ width: 170 }}
      />
      {isFiltering(filter) && (
        <Button size="small" startIcon={<FilterAltOffIcon />} onClick={() => onChange({})}>
          {translate('app.task.filter.clear')}
        </Button>
      )}
    </Box>
  );
};
