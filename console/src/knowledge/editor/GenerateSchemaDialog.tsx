import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { generateSchema } from './generateSchema';
import type { JsonSchema } from './schemaRows';

interface Props {
  open: boolean;
  onClose(): void;
  onGenerated(schema: JsonSchema): void;
}

/** Paste a JSON example, get its schema: the quickest way to describe an existing API's body. */
export const GenerateSchemaDialog = ({ open, onClose, onGenerated }: Props) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) setError('');
  }, [open]);
  const generate = () => {
    const result = generateSchema(text);
    if (!result.ok) {
      setError(translate('app.knowledge.editor.schema.generate_invalid', { error: result.error }));
      return;
    }
    onGenerated(result.schema);
    setText('');
  };
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="generate-schema-title">
      <DialogTitle id="generate-schema-title">{translate('app.knowledge.editor.schema.generate_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.knowledge.editor.schema.generate_hint')}
        </Alert>
        <TextField
          autoFocus
          multiline
          fullWidth
          minRows={10}
          maxRows={20}
          value={text}
          placeholder={'{\n  "id": 1,\n  "name": "张三"\n}'}
          error={error !== ''}
          helperText={error || ' '}
          onChange={(event) => setText(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.knowledge.editor.schema.generate_input'), spellCheck: false },
          }}
          sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={generate} disabled={text.trim() === ''}>
          {translate('app.knowledge.editor.schema.generate_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
