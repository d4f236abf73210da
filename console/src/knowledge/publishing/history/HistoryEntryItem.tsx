import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Chip, Collapse, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PersonAvatar } from '../../../avatar/PersonAvatar';
import { formatMinute } from '../../../utils/formatTime';
import FieldDiffList, { BreakingChip } from '../diff/FieldDiffList';
import type { HistoryEntry } from '../publishingApi';
import { canRestoreTo, canRevert } from './historyModel';

/** One change of the timeline: who and when, what in one line, and on demand each field's before and after. */
export default function HistoryEntryItem(props: {
  entry: HistoryEntry;
  /** Another entry of the same action (an import, a restore) sits right above it. */
  sameChangeAsPrevious: boolean;
  canWrite: boolean;
  filteredByDoc: boolean;
  onRestore(entry: HistoryEntry): void;
  onRevert(entry: HistoryEntry): void;
  onOnlyDoc(entry: HistoryEntry): void;
}) {
  const { entry, sameChangeAsPrevious, canWrite, filteredByDoc, onRestore, onRevert, onOnlyDoc } = props;
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.history.${key}`, options);
  const breaking = entry.fields.filter((field) => field.breaking).length;
  const [open, setOpen] = useState(false);
  const name = entry.userName || t('unknown_user');
  const action = translate(`app.knowledge.history.action.${entry.action}`, { _: entry.action });

  return (
    <Box
      component="li"
      data-testid="history-entry"
      data-entry-id={entry.entryId}
      data-action={entry.action}
      data-name={entry.name}
      data-change-id={entry.changeId}
      sx={{ display: 'flex', gap: 1.5, position: 'relative', pb: 2 }}
    >
      {/* the timeline's line runs from each avatar down to the next */}
      <Box
        aria-hidden
        sx={{ position: 'absolute', left: 17, top: 40, bottom: 0, borderLeft: 2, borderColor: 'divider' }}
      />
      <PersonAvatar
        id={entry.userId}
        name={name}
        // a further entry of the same action is quieter than the first: smaller, on the same line (not faded: its
        // initials must still read at AA contrast)
        size={sameChangeAsPrevious ? 28 : 36}
        sx={sameChangeAsPrevious ? { mx: '4px' } : undefined}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
          <Typography fontWeight={600}>{name}</Typography>
          <Chip size="small" variant="outlined" label={action} />
          <Typography variant="caption" color="text.secondary">
            {formatMinute(entry.at)}
          </Typography>
          {sameChangeAsPrevious && (
            <Chip size="small" label={t('same_change')} sx={{ height: 20, fontSize: 11 }} title={entry.changeId} />
          )}
          {breaking > 0 && (
            <BreakingChip label={translate('app.knowledge.diff.breaking_count', { smart_count: breaking })} />
          )}
        </Stack>
        <Typography sx={{ mt: 0.5 }} data-testid="history-summary">
          {entry.summary}
        </Typography>
        <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap sx={{ mt: 0.5, ml: -1 }}>
          {entry.fields.length > 0 && (
            <Button
              size="small"
              onClick={() => setOpen(!open)}
              endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              aria-expanded={open}
              data-action="fields"
            >
              {open ? t('hide_fields') : t('show_fields', { smart_count: entry.fields.length })}
            </Button>
          )}
          {!filteredByDoc && entry.projectStructureId > 0 && (
            <Button size="small" startIcon={<FilterAltOutlinedIcon />} onClick={() => onOnlyDoc(entry)}>
              {t('only_this_doc')}
            </Button>
          )}
          {canWrite && canRestoreTo(entry) && (
            <Button size="small" startIcon={<RestoreIcon />} onClick={() => onRestore(entry)} data-action="restore">
              {t('restore')}
            </Button>
          )}
          {canWrite && canRevert(entry) && (
            <Button
              size="small"
              color="warning"
              startIcon={<UndoIcon />}
              onClick={() => onRevert(entry)}
              data-action="revert"
            >
              {t('revert')}
            </Button>
          )}
        </Stack>
        <Collapse in={open} unmountOnExit>
          <Box sx={{ mt: 1 }}>
            <FieldDiffList fields={entry.fields} />
          </Box>
        </Collapse>
      </Box>
    </Box>
  );
}
