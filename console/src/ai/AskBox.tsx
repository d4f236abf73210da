import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { Box, Button, TextField } from '@mui/material';
import type { KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';

/** SPEC §9: the AI textarea has 3 rows. */
const ROWS = 3;

interface AskBoxProps {
  value: string;
  onChange: (value: string) => void;
  onAsk: () => void;
  onStop: () => void;
  /** An answer is streaming: asking waits (SPEC §4), stopping is offered. */
  streaming: boolean;
}

/** The question box: Enter asks (not while an input method is composing), the button too; Stop while answering. */
export const AskBox = ({ value, onChange, onAsk, onStop, streaming }: AskBoxProps) => {
  const translate = useTranslate();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!streaming) onAsk();
    }
  };
  return (
    <Box
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
        px: 1.5,
        pt: 1,
        pb: 1,
        transition: 'border-color 120ms, box-shadow 120ms',
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}22`,
        },
      }}
    >
      <TextField
        multiline
        rows={ROWS}
        fullWidth
        variant="standard"
        name="question"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={translate('app.ai.placeholder')}
        slotProps={{
          input: { disableUnderline: true, sx: { fontSize: 14 } },
          htmlInput: { 'aria-label': translate('app.ai.ask'), 'data-testid': 'ai-question-input' },
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 0.5 }}>
        {streaming && (
          <Button
            size="small"
            color="inherit"
            variant="outlined"
            startIcon={<StopCircleOutlinedIcon />}
            onClick={onStop}
            data-testid="ai-stop"
          >
            {translate('app.ai.stop')}
          </Button>
        )}
        <Button
          size="small"
          variant="contained"
          endIcon={<SendIcon />}
          onClick={onAsk}
          disabled={streaming}
          data-testid="ai-ask"
        >
          {translate('app.ai.ask')}
        </Button>
      </Box>
    </Box>
  );
};
