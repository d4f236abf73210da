import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldDiff } from '../publishingApi';

// CodeMirror loads only when a long text's change is shown (most diffs are a flag or a type).
const TextDiff = lazy(() => import('./TextDiff'));

export const CHANGE_COLORS = { added: 'success', removed: 'error', changed: 'info' } as const;

/** A value as a reader sees it: text as is, anything else as JSON. */
const shown = (value: unknown) =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** Worth a side-by-side view: several lines, or a line too long to compare by eye. */
const isLong = (text: string) => text.includes('\n') || text.length > 80;

function Value({ text, tone }: { text: string; tone: 'before' | 'after' }) {
  const translate = useTranslate();
  const empty = text === '';
  return (
    <Box
      component="code"
      data-side={tone}
      sx={{
        px: 0.75,
        py: 0.25,
        borderRadius: 0.5,
        fontSize: 12.5,
        wordBreak: 'break-all',
        whiteSpace: 'pre-wrap',
        bgcolor: tone === 'before' ? 'rgba(240, 68, 56, 0.08)' : 'rgba(18, 183, 106, 0.10)',
        color: empty ? 'text.secondary' : 'text.primary',
        textDecoration: tone === 'before' && !empty ? 'line-through' : 'none',
        textDecorationColor: 'rgba(240, 68, 56, 0.6)',
      }}
    >
      {empty ? translate('app.knowledge.diff.empty_value') : text}
    </Box>
  );
}

function Block({ text, tone }: { text: string; tone: 'before' | 'after' }) {
  return (
    <Box
      component="pre"
      data-side={tone}
      sx={{
        m: 0,
        p: 1,
        borderRadius: 0.5,
        fontSize: 12.5,
        overflow: 'auto',
        maxHeight: 320,
        bgcolor: tone === 'before' ? 'rgba(240, 68, 56, 0.08)' : 'rgba(18, 183, 106, 0.10)',
      }}
    >
      {text}
    </Box>
  );
}

function Values({ field }: { field: FieldDiff }) {
  const translate = useTranslate();
  const before = field.change === 'added' ? '' : shown(field.before);
  const after = field.change === 'removed' ? '' : shown(field.after);
  // something added or removed whole reads as one block; only a change is worth two sides
  if (field.change !== 'changed' && isLong(before || after)) {
    return <Block text={before || after} tone={field.change === 'added' ? 'after' : 'before'} />;
  }
  if (isLong(before) || isLong(after)) {
    return (
      <Suspense fallback={null}>
        <TextDiff
          before={before}
          after={after}
          label={`${translate('app.knowledge.diff.before')} / ${translate('app.knowledge.diff.after')}`}
        />
      </Suspense>
    );
  }
  return (
    <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
      {field.change !== 'added' && <Value text={before} tone="before" />}
      {field.change === 'changed' && <ArrowForwardIcon fontSize="inherit" color="action" />}
      {field.change !== 'removed' && <Value text={after} tone="after" />}
    </Stack>
  );
}

/** The red chip every breaking change carries, in a document's row and in each of its fields. */
export function BreakingChip({ label }: { label?: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color="error"
      icon={<WarningAmberIcon />}
      label={label ?? translate('app.knowledge.diff.breaking')}
      data-testid="breaking-chip"
      sx={{ fontWeight: 600 }}
    />
  );
}

/** One document's field changes: what changed in words, where, and its before and after; breaking ones in red. */
export default function FieldDiffList({ fields }: { fields: FieldDiff[] }) {
  const translate = useTranslate();
  if (!fields.length) {
    return <Typography color="text.secondary">{translate('app.knowledge.diff.no_fields')}</Typography>;
  }
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="field-diffs">
      {fields.map((field, index) => (
        <Box
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: a path may repeat (a value removed and one added there)
          key={`${field.path}-${index}`}
          data-path={field.path}
          data-breaking={field.breaking}
          sx={{
            p: 1.25,
            borderRadius: 1,
            border: 1,
            borderColor: field.breaking ? 'error.light' : 'divider',
            borderLeftWidth: 4,
            borderLeftColor: field.breaking ? 'error.main' : `${CHANGE_COLORS[field.change]}.light`,
            bgcolor: field.breaking ? 'rgba(240, 68, 56, 0.04)' : 'background.paper',
          }}
        >
          <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap sx={{ mb: 0.75 }}>
            <Chip
              size="small"
              variant="outlined"
              color={CHANGE_COLORS[field.change]}
              label={translate(`app.knowledge.diff.change.${field.change}`)}
            />
            <Typography
              variant="body2"
              fontWeight={field.breaking ? 600 : 500}
              color={field.breaking ? 'error.main' : 'text.primary'}
            >
              {field.message || field.path}
            </Typography>
            {field.breaking && <BreakingChip />}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.75 }}>
            {translate('app.knowledge.diff.field_path')}
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {field.path}
            </Box>
          </Typography>
          <Values field={field} />
        </Box>
      ))}
    </Stack>
  );
}
