import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StructureNode } from '../docApi';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export const NAME_MAX = 100;

export interface NameValues {
  name: string;
  method: string;
  path: string;
}

/** A name (and, for a new API, its method and path) in a dialog: new node, rename, save as template. */
export function NameDialog(props: {
  open: boolean;
  title: string;
  initial?: string;
  withRequest?: boolean;
  saving: boolean;
  onClose(): void;
  onSave(values: NameValues): void;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState<NameValues>({ name: '', method: 'GET', path: '' });
  useEffect(() => {
    if (props.open) setValues({ name: props.initial ?? '', method: 'GET', path: '' });
  }, [props.open, props.initial]);
  const valid = values.name.trim().length > 0;
  const submit = () => valid && props.onSave({ ...values, name: values.name.trim(), path: values.path.trim() });
  const enter = (event: React.KeyboardEvent) => event.key === 'Enter' && !event.nativeEvent.isComposing && submit();
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="node-dialog-title">
      <DialogTitle id="node-dialog-title">{props.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            autoFocus
            fullWidth
            name="name"
            label={translate('app.knowledge.doc.name')}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
            onKeyDown={enter}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          {props.withRequest && (
            <Stack direction="row" spacing={1}>
              <TextField
                select
                name="method"
                label={translate('app.knowledge.doc.method')}
                value={values.method}
                onChange={(event) => setValues({ ...values, method: event.target.value })}
                sx={{ width: 130 }}
              >
                {HTTP_METHODS.map((method) => (
                  <MenuItem key={method} value={method}>
                    {method}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                fullWidth
                name="path"
                label={translate('app.knowledge.doc.path')}
                placeholder="/users/{id}"
                value={values.path}
                onChange={(event) => setValues({ ...values, path: event.target.value })}
                onKeyDown={enter}
              />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={props.saving || !valid}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Moves a node into a folder (or the root) chosen from a list: the keyboard's way next to drag and drop. */
export function MoveDialog(props: {
  open: boolean;
  folders: StructureNode[];
  saving: boolean;
  onClose(): void;
  onMove(parentId: number): void;
}) {
  const translate = useTranslate();
  const [parentId, setParentId] = useState(0);
  useEffect(() => {
    if (props.open) setParentId(0);
  }, [props.open]);
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="move-dialog-title">
      <DialogTitle id="move-dialog-title">{translate('app.knowledge.doc.move_to')}</DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          name="parentId"
          label={translate('app.knowledge.doc.target_folder')}
          value={parentId}
          onChange={(event) => setParentId(Number(event.target.value))}
          sx={{ mt: 1 }}
        >
          <MenuItem value={0}>{translate('app.knowledge.doc.root')}</MenuItem>
          {props.folders.map((folder) => (
            <MenuItem key={folder.projectStructureId} value={folder.projectStructureId}>
              {folder.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={props.saving} onClick={() => props.onMove(parentId)}>
          {translate('app.knowledge.doc.move')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ConfirmDeleteDialog(props: {
  node: StructureNode | null;
  saving: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const translate = useTranslate();
  const folder = props.node?.kind === 'folder';
  return (
    <Dialog open={!!props.node} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="delete-dialog-title">
      <DialogTitle id="delete-dialog-title">{translate('app.knowledge.doc.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(folder ? 'app.knowledge.doc.delete_folder_confirm' : 'app.knowledge.doc.delete_confirm', {
            name: props.node?.name ?? '',
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={props.saving} onClick={props.onConfirm}>
          {translate('ra.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
