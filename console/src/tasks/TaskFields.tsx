import { Box, InputAdornment, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DayPicker } from '../dates';
import type { ProjectMember, Task } from './taskApi';
import { useTaskCall } from './useTaskCall';

interface TaskFieldsProps {
  task: Task;
  members: ProjectMember[];
  editable: boolean;
}

/** Assignee, urgency, estimate (with the time spent beside it) and the planned dates; each saves on its own. */
export const TaskFields = ({ task, members, editable }: TaskFieldsProps) => {
  const translate = useTranslate();
  const { send } = useTaskCall(task.projectId, task.taskId);
  const [workHour, setWorkHour] = useState(String(task.workHour));
  const [start, setStart] = useState(task.startTime);
  const [end, setEnd] = useState(task.endTime);
  // The assignee may have left the project: still shown, not offered.
  const assignees = members.some((m) => m.userId === task.userId)
    ? members
    : [...members, { userId: task.userId, name: task.userName, role: 'member' as const, joinedAt: 0 }];

  const saveWorkHour = async () => {
    const hours = Number(workHour);
    if (workHour.trim() === '' || !Number.isFinite(hours) || hours === task.workHour) {
      setWorkHour(String(task.workHour));
      return;
    }
    if (!(await send('updateWorkHour', { workHour: hours }))) setWorkHour(String(task.workHour));
  };
  // Epoch ms as the server keeps them: the start at the day's start, the end at its last millisecond.
  const saveDates = async (dates: { startTime: number; endTime: number }) => {
    if (dates.startTime === task.startTime && dates.endTime === task.endTime) return;
    const ok = await send('updatePreTime', dates);
    if (!ok) {
      setStart(task.startTime);
      setEnd(task.endTime);
    }
  };

  const half = { flex: '1 1 200px' };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="task-fields">
      <TextField
        select
        size="small"
        label={translate('app.task.fields.assignee')}
        value={task.userId || ''}
        disabled={!editable}
        onChange={(event) => send('transfer', { userId: Number(event.target.value) }, 'app.task.detail.transferred')}
        sx={half}
      >
        {assignees.map((member) => (
          <MenuItem key={member.userId} value={member.userId}>
            {member.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.task.fields.urgency')}
        value={task.urgentLevel}
        disabled={!editable}
        onChange={(event) => send('updateUrgentLevel', { urgentLevel: Number(event.target.value) })}
        sx={half}
      >
        {[0, 1, 2].map((level) => (
          <MenuItem key={level} value={level}>
            {translate(`app.task.urgency.${level}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        type="number"
        name="workHour"
        label={translate('app.task.fields.work_hour')}
        value={workHour}
        disabled={!editable}
        onChange={(event) => setWorkHour(event.target.value)}
        onBlur={saveWorkHour}
        onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLInputElement).blur()}
        sx={half}
        slotProps={{
          htmlInput: { min: 0, max: 10000, step: 0.5 },
          input: { endAdornment: <InputAdornment position="end">{translate('app.task.hour_unit')}</InputAdornment> },
        }}
      />
      <TextField
        size="small"
        name="spentHours"
        label={translate('app.task.fields.spent_hours')}
        value={task.spentHours}
        disabled
        sx={half}
        slotProps={{
          input: { endAdornment: <InputAdornment position="end">{translate('app.task.hour_unit')}</InputAdornment> },
        }}
      />
      <DayPicker
        name="startTime"
        label={translate('app.task.fields.start_time')}
        value={start}
        disabled={!editable}
        clearable
        onChange={setStart}
        onCommit={(startTime) => saveDates({ startTime, endTime: end })}
        sx={half}
      />
      <DayPicker
        name="endTime"
        label={translate('app.task.fields.end_time')}
        value={end}
        disabled={!editable}
        endOfDay
        clearable
        onChange={setEnd}
        onCommit={(endTime) => saveDates({ startTime: start, endTime })}
        sx={half}
      />
    </Box>
  );
};
