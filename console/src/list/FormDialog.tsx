import CheckIcon from '@mui/icons-material/Check';
import { Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useMemo, useRef } from 'react';
import { Button, Form, type RaRecord, SaveButton, useNotify, useTranslate } from 'react-admin';
import type { FieldDefinition } from './fields';
import { FieldInput } from './form/FieldInput';
import { UploadContext, type UploadRequest, uploadTo } from './form/uploads';

interface FormDialogProps {
  fields: FieldDefinition<never>[];
  /** SPEC §4: -1 creates, any other index edits `record`. */
  index: number;
  record?: RaRecord;
  title?: string;
  uploadAction?: string;
  uploadRequest?: UploadRequest;
  onSubmit: (values: Record<string, unknown>, index: number) => Promise<unknown>;
  onClose: () => void;
}

/** SPEC §2.5 form dialog (title default 表单) with an input per form field. */
export const FormDialog = ({
  fields,
  index,
  record,
  title,
  uploadAction,
  uploadRequest,
  onSubmit,
  onClose,
}: FormDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const running = useRef(0);
  const uploads = useMemo(
    () => ({
      upload: uploadRequest ?? uploadTo(uploadAction),
      begin: () => {
        running.current += 1;
        let finished = false;
        return () => {
          if (!finished) running.current -= 1;
          finished = true;
        };
      },
    }),
    [uploadAction, uploadRequest],
  );

  const submit = async (values: Record<string, unknown>) => {
    // SPEC §5: image fields refuse to submit until every upload finished.
    if (running.current > 0) {
      notify('app.list.uploads_pending', { type: 'warning' });
      return;
    }
    try {
      await onSubmit(values, index);
      onClose();
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="list-form-title">
      <DialogTitle id="list-form-title">{translate(title ?? 'app.list.form_title')}</DialogTitle>
      <UploadContext.Provider value={uploads}>
        <Form record={index === -1 ? {} : record} onSubmit={submit}>
          <DialogContent dividers>
            <Stack spacing={2}>
              {fields.map((field) => (
                <FieldInput key={field.field} field={field} purpose="form" />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button label="ra.action.cancel" onClick={onClose} />
            <SaveButton label="ra.action.confirm" icon={<CheckIcon />} alwaysEnable />
          </DialogActions>
        </Form>
      </UploadContext.Provider>
    </Dialog>
  );
};
