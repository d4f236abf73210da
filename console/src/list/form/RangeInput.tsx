import EventIcon from '@mui/icons-material/Event';
import { Box, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { DATE_RANGE_SHORTCUTS, type DateRangeShortcut, rangeKeys, shortcutRange } from '../values';
import { type DateKind, DateKindInput } from './DateKindInput';

const SHORTCUTS = Object.keys(DATE_RANGE_SHORTCUTS) as DateRangeShortcut[];

/** A range as two pickers writing begin{Field} and end{Field}; date ranges offer SPEC §5's shortcuts. */
export const RangeInput = ({ kind, label, source }: { kind: DateKind; label: string; source: string }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [begin, end] = rangeKeys(source);

  const apply = (shortcut: DateRangeShortcut) => {
    const [from, to] = shortcutRange(shortcut);
    setValue(begin, from, { shouldDirty: true });
    setValue(end, to, { shouldDirty: true });
    setAnchor(null);
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} data-testid={`range-${source}`}>
      <DateKindInput kind={kind} source={begin} label={`${translate(label)} · ${translate('app.list.range_begin')}`} />
      <Typography color="text.secondary">{translate('app.list.range_to')}</Typography>
      <DateKindInput kind={kind} source={end} label={`${translate(label)} · ${translate('app.list.range_end')}`} />
      {kind === 'date' && (
        <>
          <IconButton
            size="small"
            aria-label={translate('app.list.shortcuts')}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <EventIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            {SHORTCUTS.map((shortcut) => (
              <MenuItem key={shortcut} onClick={() => apply(shortcut)}>
                {translate(`app.list.shortcut.${shortcut}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
};
