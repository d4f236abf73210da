import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { COLUMN_WIDTH } from './BoardColumnView';
import { NameDialog } from './NameDialog';
import { taskCall, taskKeys } from './taskApi';

/** The board's last column for the owner and administrators: a new flow at the end. */
export const NewFlowButton = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const create = async (name: string) => {
    setSaving(true);
    try {
      await taskCall('createFlow', { projectId, name });
      notify('app.task.board.flow_created', { type: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ width: COLUMN_WIDTH, flexShrink: 0 }}>
      <Button
        fullWidth
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        sx={{ py: 1.25, borderStyle: 'dashed' }}
      >
        {translate('app.task.board.new_flow')}
      </Button>
      <NameDialog
        open={open}
        title={translate('app.task.board.new_flow')}
        label={translate('app.task.board.flow_name')}
        maxLength={20}
        saving={saving}
        onClose={() => setOpen(false)}
        onSave={create}
      />
    </Box>
  );
};
