import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { NameDialog } from './NameDialog';
import { type Flow, taskCall, taskKeys } from './taskApi';

/** Rename or delete a flow (owner and administrators); the server refuses deleting a flow that still has tasks. */
export const FlowMenu = ({ projectId, flow }: { projectId: number; flow: Flow }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [saving, setSaving] = useState(false);

  const run = async (call: string, body: Record<string, string | number>, done: string) => {
    setSaving(true);
    try {
      await taskCall(call, { projectId, flowId: flow.flowId, ...body });
      notify(done, { type: 'success' });
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    } catch {
      // The toast says why; a refused delete has nothing left to confirm, a refused name can be corrected.
      if (call === 'deleteFlow') setDialog(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={translate('app.task.board.flow_menu', { flow: flow.name })}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => [setAnchor(null), setDialog('rename')]}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {translate('app.task.board.rename_flow')}
        </MenuItem>
        <MenuItem onClick={() => [setAnchor(null), setDialog('delete')]}>
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          {translate('app.task.board.delete_flow')}
        </MenuItem>
      </Menu>
      <NameDialog
        open={dialog === 'rename'}
        title={translate('app.task.board.rename_flow')}
        label={translate('app.task.board.flow_name')}
        initial={flow.name}
        maxLength={20}
        saving={saving}
        onClose={() => setDialog(null)}
        onSave={(name) => run('updateFlow', { name }, 'app.task.board.flow_saved')}
      />
      <Confirm
        isOpen={dialog === 'delete'}
        loading={saving}
        title="app.task.board.delete_flow"
        content="app.task.board.delete_flow_content"
        contentTranslateOptions={{ flow: flow.name }}
        confirmColor="warning"
        onConfirm={() => run('deleteFlow', {}, 'app.task.board.flow_deleted')}
        onClose={() => setDialog(null)}
      />
    </>
  );
};
