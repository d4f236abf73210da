import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, IconButton, TextField } from '@mui/material';
import type { ApiResponse } from '@pmbok/api-types';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

type Example = ApiResponse['examples'][number];

interface Props {
  examples: Example[];
  readOnly: boolean;
  onChange(examples: Example[]): void;
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** Named examples of a body; a value that parses as JSON is kept as JSON, anything else as text. */
export const ExamplesEditor = ({ examples, readOnly, onChange }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.examples.${key}`);
  // What is being typed, while it is not (yet) JSON: the stored value only changes when it parses.
  const [typing, setTyping] = useState<Record<number, string>>({});
  const set = (index: number, patch: Partial<Example>) =>
    onChange(examples.map((example, at) => (at === index ? { ...example, ...patch } : example)));
  const typeValue = (index: number, text: string) => {
    setTyping((all) => ({ ...all, [index]: text }));
    try {
      set(index, { value: JSON.parse(text) });
    } catch {
      set(index, { value: text });
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {examples.map((example, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: examples have no id
          key={index}
          sx={{
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('name')}
              value={example.name}
              disabled={readOnly}
              onChange={(event) => set(index, { name: event.target.value })}
              sx={{ width: 200 }}
            />
            <TextField
              size="small"
              label={t('summary')}
              value={example.summary}
              disabled={readOnly}
              onChange={(event) => set(index, { summary: event.target.value })}
              sx={{ flex: 1 }}
            />
            {!readOnly && (
              <IconButton
                size="small"
                aria-label={t('delete')}
                onClick={() => {
                  setTyping({});
                  onChange(examples.filter((_example, at) => at !== index));
                }}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
          <TextField
            multiline
            minRows={3}
            maxRows={16}
            value={typing[index] ?? valueText(example.value)}
            disabled={readOnly}
            placeholder={t('value')}
            onChange={(event) => typeValue(index, event.target.value)}
            slotProps={{ htmlInput: { 'aria-label': t('value'), spellCheck: false } }}
            sx={{ '& textarea': { fontFamily: 'monospace', fontSize: 13 } }}
          />
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => onChange([...examples, { name: `example${examples.length + 1}`, summary: '', value: {} }])}
          >
            {t('add')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
