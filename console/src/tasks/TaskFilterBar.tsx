import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Collapse, MenuItem, TextField, useMediaQuery } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DayPicker } from '../dates';
import { MOBILE_QUERY } from '../layout/MobileMenu';
import type { ProjectMember } from './taskApi';
import { isFiltering, type TaskFilter } from './taskFilters';

interface TaskFilterBarProps {
  members: ProjectMember[];
  filter: TaskFilter;
  onChange: (filter: TaskFilter) => void;
}

const URGENCY_LEVELS = [0, 1, 2];

const activeCount = (filter: TaskFilter) =>
  [filter.userId, filter.urgentLevel].filter((value) => value !== undefined && value !== '').length +
  (filter.from || filter.to ? 1 : 0);

/**
 * Assignee, urgency and a planned-date range, shared by the board and the list. On a phone they hide behind one
 * 筛选 button (with the number of filters in use) so that the board starts on the first screen.
 */
export const TaskFilterBar = (props: TaskFilterBarProps) => {
  const translate = useTranslate();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [open, setOpen] = useState(false);
  if (!mobile) return <Filters {...props} />;
  return (
    <>
      <Button
        size="small"
        variant={open ? 'contained' : 'outlined'}
        startIcon={
          <Badge color="primary" badgeContent={activeCount(props.filter)} invisible={open}>
            <FilterListIcon fontSize="small" />
          </Badge>
        }
        aria-expanded={open}
        aria-controls="task-filters"
        onClick={() => setOpen(!open)}
        data-testid="task-filters-toggle"
      >
        {translate('app.task.filter.toggle')}
      </Button>
      <Collapse in={open} sx={{ flexBasis: '100%' }}>
        <Filters {...props} />
      </Collapse>
    </>
  );
};

const Filters = ({ members, filter, onChange }: TaskFilterBarProps) => {
  const translate = useTranslate();
  const set = (change: Partial<TaskFilter>) => onChange({ ...filter, ...change });
  return (
    <Box
      id="task-filters"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="task-filters"
    >
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
