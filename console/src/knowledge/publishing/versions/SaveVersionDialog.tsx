import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { versionProblem } from './versionModel';

/** Names the project as it is now; nothing is copied, a version points at this moment of the project's log. */
export default function SaveVersionDialog(props: {
  open: boolean;
  busy: boolean;
  onClose(): void;
  onSave(name: string, notes: string): Promise<boolean>;
}) {
  const { open, busy, onClose, onSave } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.version.${key}`);
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const problem = versionProblem(name, notes);

  const close = () => {
    setName('');
    setNotes('');
    setTried(false);
    onClose();
  };
  const save = async () => {
    setTried(true);
    if (problem) return;
    if (await onSave(name.trim(), notes.trim())) close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="save-version-title">
      <DialogTitle id="save-version-title">{t('save_title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="save-version-form"
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            name="name"
            label={t('name')}
            placeholder={t('name_hint')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            // the browser's own "fill out this field" bubble would speak the browser's language, not the console's
            slotProps={{ inputLabel: { required: true } }}
            error={tried && (problem === 'name_required' || problem === 'name_too_long')}
            helperText={tried && problem?.startsWith('name') ? t(problem) : ' '}
          />
          <TextField
            name="notes"
            label={t('notes')}
            placeholder={t('notes_hint')}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            minRows={3}
            error={tried && problem === 'notes_too_long'}
            helperText={tried && problem === 'notes_too_long' ? t(problem) : `${notes.length}/500`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" form="save-version-form" variant="contained" disabled={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
