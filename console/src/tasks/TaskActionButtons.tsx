import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { plainTextToHtml } from './richText';
import type { Task } from './taskApi';
import { type TaskAction, taskActionCall, taskActions } from './taskStatus';
import { useTaskCall } from './useTaskCall';

const COLOURS: Record<TaskAction, 'primary' | 'warning' | 'success' | 'inherit' | 'error'> = {
  start: 'primary',
  stop: 'warning',
  finish: 'success',
  cancel: 'inherit',
  close: 'error',
};

/** The actions the task's status allows (the rest the server would refuse), each asking for an optional note. */
export const TaskActionButtons = ({ task, disabled }: { task: Task; disabled: boolean }) => {
  const translate = useTranslate();
  const { send, pending } = useTaskCall(task.projectId, task.taskId);
  const [action, setAction] = useState<TaskAction | null>(null);
  const [note, setNote] = useState('');
  // 'start' on a paused task resumes it
  const label = (a: TaskAction) =>
    translate(a === 'start' && task.status === 'paused' ? 'app.task.actions.resume' : `app.task.actions.${a}`);

  const confirm = async () => {
    if (!action) return;
    const ok = await send(taskActionCall[action], { content: plainTextToHtml(note) }, 'app.task.actions.done');
    if (ok) {
      setAction(null);
      setNote('');
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="task-actions">
      {taskActions(task.status).map((a) => (
        <Button
          key={a}
          size="small"
          variant={a === 'start' || a === 'finish' ? 'contained' : 'outlined'}
          color={COLOURS[a]}
          disabled={disabled}
          onClick={() => setAction(a)}
        >
          {label(a)}
        </Button>
      ))}
      <Dialog
        open={Boolean(action)}
        onClose={() => setAction(null)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="task-action"
      >
        <DialogTitle id="task-action">{action && label(action)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            name="note"
            label={translate('app.task.actions.note')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAction(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={confirm} disabled={pending}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
