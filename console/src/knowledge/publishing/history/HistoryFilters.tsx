import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import { Autocomplete, Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { DayPicker, formatDate, parseDate } from '../../../dates';
import { type StructureNode, useMembers, useProjectStructure } from '../../docApi';
import { methodLabel } from '../../workspace/treeModel';

/** The filters as the address keeps them: ids, and days as the date inputs write them (2026-03-07). */
export interface HistoryFilterValues {
  userId: number;
  projectStructureId: number;
  fromDay: string;
  toDay: string;
}

export const NO_FILTER: HistoryFilterValues = { userId: 0, projectStructureId: 0, fromDay: '', toDay: '' };

const nodeLabel = (node: StructureNode) =>
  node.kind === 'api' && node.method ? `${methodLabel(node.method)} ${node.name}` : node.name;

/** Who, which document, which days: each narrows the timeline, and the address keeps them for a shared link. */
export default function HistoryFilters(props: {
  projectId: number;
  value: HistoryFilterValues;
  onChange(value: HistoryFilterValues): void;
}) {
  const { projectId, value, onChange } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.history.filter.${key}`);
  const members = useMembers(projectId).data ?? [];
  const tree = useProjectStructure(projectId).data;
  const nodes = useMemo(
    () => [...(tree?.nodes ?? [])].filter((node) => !node.isTemplate).sort((a, b) => a.name.localeCompare(b.name)),
    [tree],
  );
  // a document removed since is no longer in the tree; its id from the address still filters, shown by number
  const picked =
    nodes.find((node) => node.projectStructureId === value.projectStructureId) ??
    (value.projectStructureId
      ? ({
          projectStructureId: value.projectStructureId,
          name: `#${value.projectStructureId}`,
          kind: 'page',
          method: '',
        } as StructureNode)
      : null);
  const badRange = !!value.fromDay && !!value.toDay && value.toDay < value.fromDay;
  const filtered = value.userId || value.projectStructureId || value.fromDay || value.toDay;

  return (
    <Stack
      direction="row"
      spacing={1.5}
      flexWrap="wrap"
      useFlexGap
      alignItems="flex-start"
      data-testid="history-filters"
    >
      <TextField
        select
        size="small"
        fullWidth={false}
        label={t('member')}
        value={value.userId}
        onChange={(event) => onChange({ ...value, userId: Number(event.target.value) })}
        sx={{ width: 180 }}
        slotProps={{ select: { inputProps: { 'data-testid': 'filter-member' } } }}
      >
        <MenuItem value={0}>{t('all_members')}</MenuItem>
        {members.map((member) => (
          <MenuItem key={member.userId} value={member.userId}>
            {member.nickname || member.trueName}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        size="small"
        options={nodes}
        value={picked}
        getOptionLabel={nodeLabel}
        getOptionKey={(node) => node.projectStructureId}
        isOptionEqualToValue={(a, b) => a.projectStructureId === b.projectStructureId}
        onChange={(_, node) => onChange({ ...value, projectStructureId: node?.projectStructureId ?? 0 })}
        renderInput={(params) => <TextField {...params} label={t('doc')} placeholder={t('doc_placeholder')} />}
        sx={{ width: 280 }}
      />
      <DayPicker
        name="from"
        label={t('from')}
        value={parseDate(value.fromDay)}
        onChange={(ms) => onChange({ ...value, fromDay: formatDate(ms) })}
        clearable
        sx={{ width: 170 }}
      />
      <DayPicker
        name="to"
        label={t('to')}
        value={parseDate(value.toDay)}
        onChange={(ms) => onChange({ ...value, toDay: formatDate(ms) })}
        clearable
        error={badRange}
        helperText={badRange ? t('bad_range') : undefined}
        sx={{ width: 170 }}
      />
      <Box sx={{ pt: 0.25 }}>
        <Button startIcon={<FilterAltOffIcon />} disabled={!filtered} onClick={() => onChange(NO_FILTER)}>
          {t('clear')}
        </Button>
      </Box>
    </Stack>
  );
}
