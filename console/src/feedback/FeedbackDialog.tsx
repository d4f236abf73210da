import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { FeedbackSubmitted } from '@pmbok/api-types';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';

/** SPEC §9: the feedback textarea has 6 rows. */
const ROWS = 6;

/** 'opinion feedback' (SPEC §2.4): POST /pmbok/api/feedback {content}; empty content is refused here. */
export const FeedbackDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [content, setContent] = useState('');
  const [error, setError] = useState(false);
  const [sending, setSending] = useState(false);

  const close = () => {
    setError(false);
    onClose();
  };
  const submit = async () => {
    if (!content.trim()) {
      setError(true);
      return;
    }
    setSending(true);
    try {
      await request<FeedbackSubmitted>('feedback', { content: content.trim() });
      notify('app.feedback.submitted', { type: 'success' });
      setContent('');
      close();
    } catch {
      // the request client has shown the error; the text stays for another try
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title">{translate('app.feedback.title')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          rows={ROWS}
          fullWidth
          variant="outlined"
          name="content"
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            if (event.target.value.trim()) setError(false);
          }}
          placeholder={translate('app.feedback.placeholder')}
          error={error}
          helperText={error ? translate('app.feedback.required') : ' '}
          slotProps={{ htmlInput: { 'aria-label': translate('app.feedback.title') } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={sending}>
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
