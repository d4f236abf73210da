import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, ButtonBase, Chip, Link, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { randomAsk } from './aiApi';

/** ai/chat/randomAsk: a batch of questions drawn from what the team has; `next` draws another. */
export function useSuggestions() {
  const [list, setList] = useState<string[]>([]);
  const next = useCallback(() => {
    randomAsk()
      .then((batch) => setList(batch.map((item) => item.content)))
      .catch(() => setList([]));
  }, []);
  useEffect(() => next(), [next]);
  return { list, next };
}

interface SuggestionsProps {
  list: string[];
  onNext: () => void;
  onPick: (question: string) => void;
  disabled: boolean;
  /** cards: the block of an empty conversation; chips: one line above the question box. */
  variant: 'cards' | 'chips';
}

const Heading = ({ onNext, disabled }: { onNext: () => void; disabled: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
      <AutoAwesomeOutlinedIcon sx={{ fontSize: 16, color: 'primary.main' }} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('app.ai.suggestions')}
      </Typography>
      <Link
        component="button"
        type="button"
        variant="body2"
        underline="hover"
        onClick={onNext}
        disabled={disabled}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25, ml: 1 }}
        data-testid="ai-change-batch"
      >
        <RefreshIcon sx={{ fontSize: 15 }} />
        {translate('app.ai.change_batch')}
      </Link>
    </Box>
  );
};

/** SPEC §2.4 'guess what you want to ask' with its 'change batch' link. */
export const Suggestions = ({ list, onNext, onPick, disabled, variant }: SuggestionsProps) => {
  if (!list.length) return null;
  if (variant === 'chips') {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }} data-testid="ai-suggestions">
        <Heading onNext={onNext} disabled={disabled} />
        <Box sx={{ display: 'flex', gap: 1, overflowX: 'auto', minWidth: 0, py: 0.5 }}>
          {list.map((question) => (
            <Chip
              key={question}
              label={question}
              size="small"
              variant="outlined"
              clickable
              disabled={disabled}
              onClick={() => onPick(question)}
              data-testid="ai-suggestion"
            />
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Box data-testid="ai-suggestions">
      <Heading onNext={onNext} disabled={disabled} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.25,
          mt: 1.5,
        }}
      >
        {list.map((question) => (
          <ButtonBase
            key={question}
            disabled={disabled}
            onClick={() => onPick(question)}
            data-testid="ai-suggestion"
            sx={{
              justifyContent: 'flex-start',
              textAlign: 'left',
              px: 2,
              py: 1.25,
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              fontSize: 14,
              color: 'text.primary',
              transition: 'border-color 120ms, background-color 120ms',
              '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
            }}
          >
            {question}
          </ButtonBase>
        ))}
      </Box>
    </Box>
  );
};
