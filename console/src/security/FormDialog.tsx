import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { Form, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';

interface FormDialogProps<Values extends FieldValues> {
  title: string;
  submitLabel?: string;
  danger?: boolean;
  onClose: () => void;
  /** Resolves when done (the dialog closes), rejects to stay open (the caller has shown why). */
  onSubmit: (values: Values) => Promise<void>;
  record?: Partial<Values>;
  children: ReactNode;
}

/** A small react-admin form in a dialog: fields validated on blur, cancel and submit. */
export function FormDialog<Values extends FieldValues>(props: FormDialogProps<Values>) {
  const { title, submitLabel = 'ra.action.confirm', danger, onClose, onSubmit, record, children } = props;
  const translate = useTranslate();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (values: FieldValues) => {
    setBusy(true);
    try {
      await onSubmit(values as Values);
      onClose();
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={`${formId}-title`}>
      <DialogTitle id={`${formId}-title`}>{translate(title)}</DialogTitle>
      <Form onSubmit={submit} record={record} mode="onBlur" reValidateMode="onBlur" id={formId}>
        <DialogContent sx={{ pt: 0 }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            color={danger ? 'error' : 'primary'}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(submitLabel)}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
