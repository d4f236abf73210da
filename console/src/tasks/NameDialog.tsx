import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

interface NameDialogProps {
  open: boolean;
  title: string;
  label: string;
  initial?: string;
  maxLength: number;
  saving: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}

/** One required name in a dialog (new flow, renamed flow). */
export const NameDialog = ({
  open,
  title,
  label,
  initial = '',
  maxLength,
  saving,
  onClose,
  onSave,
}: NameDialogProps) => {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  const submit = () => name.trim() && onSave(name.trim());
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="name-dialog-title">
      <DialogTitle id="name-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          name="name"
          label={label}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && !event.nativeEvent.isComposing && submit()}
          slotProps={{ htmlInput: { maxLength } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={saving || !name.trim()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
