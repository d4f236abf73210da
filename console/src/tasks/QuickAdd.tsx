import AddIcon from '@mui/icons-material/Add';
import { Button, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { taskCall, taskKeys } from './taskApi';

/** The foot of a column: a task name, Enter adds it to this flow and keeps the field open for the next. */
export const QuickAdd = ({ projectId, flowId, flowName }: { projectId: number; flowId: number; flowName: string }) => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const add = async () => {
    if (!name.trim()) return;
    setSaving(true);
    try {
      await taskCall('newTask', { projectId, flowId, name: name.trim() });
      setName('');
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add();
    } else if (event.key === 'Escape') {
      setOpen(false);
      setName('');
    }
  };

  if (!open) {
    return (
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)} sx={{ justifyContent: 'flex-start' }}>
        {translate('app.task.board.quick_add')}
      </Button>
    );
  }
  return (
    <TextField
      size="small"
      autoFocus
      fullWidth
      value={name}
      disabled={saving}
      placeholder={translate('app.task.board.quick_add_placeholder')}
      onChange={(event) => setName(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => !name.trim() && setOpen(false)}
      slotProps={{
        htmlInput: { maxLength: 100, 'aria-label': translate('app.task.board.quick_add_in', { flow: flowName }) },
      }}
      sx={{ bgcolor: 'background.paper' }}
    />
  );
};
