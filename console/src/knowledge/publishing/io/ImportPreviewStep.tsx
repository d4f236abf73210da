import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Chip,
  InputAdornment,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MethodTag } from '../../workspace/DocTree';
import type { ImportItem, ImportPreview } from '../publishingApi';

type Action = ImportItem['action'];
const ACTIONS: Action[] = ['add', 'change', 'keep'];
const ACTION_COLOR = { add: 'success', change: 'warning', keep: 'default' } as const;

/** A 5,000-operation file previews in a moment: the table shows a page of what the filter keeps, not every row. */
const SHOWN = 300;

const matches = (item: ImportItem, needle: string) =>
  !needle || `${item.name}\n${item.path}\n${item.folderPath.join('/')}`.toLowerCase().includes(needle);

/** What the import would do: counts that filter, each item with its action and changed fields, and the problems. */
export function ImportPreviewStep({ preview }: { preview: ImportPreview }) {
  const translate = useTranslate();
  const [action, setAction] = useState<Action | null>(null);
  const [keyword, setKeyword] = useState('');
  const needle = useDeferredValue(keyword).trim().toLowerCase();
  // a row's place in the server's list is its identity: two Postman requests may share every visible field
  const numbered = useMemo(() => preview.items.map((item, at) => ({ item, at })), [preview.items]);
  const kept = useMemo(
    () => numbered.filter(({ item }) => (!action || item.action === action) && matches(item, needle)),
    [numbered, action, needle],
  );
  const nothingToDo = preview.counts.add === 0 && preview.counts.change === 0;

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="import-preview">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="import-source-summary">
        {translate('app.knowledge.io.source_summary', {
          title: preview.title || '—',
          format: translate(`app.knowledge.io.formats.${preview.format}`),
          version: preview.formatVersion,
        })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          label={translate('app.knowledge.io.filter_all', { count: preview.items.length })}
          variant={action === null ? 'filled' : 'outlined'}
          color={action === null ? 'primary' : 'default'}
          onClick={() => setAction(null)}
          aria-pressed={action === null}
        />
        {ACTIONS.map((key) => (
          <Chip
            key={key}
            data-testid={`import-count-${key}`}
            label={translate(`app.knowledge.io.counts.${key}`, { count: preview.counts[key] })}
            color={ACTION_COLOR[key]}
            variant={action === key ? 'filled' : 'outlined'}
            onClick={() => setAction(action === key ? null : key)}
            aria-pressed={action === key}
          />
        ))}
        <TextField
          size="small"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          variant="outlined"
          placeholder={translate('app.knowledge.io.filter')}
          sx={{ ml: 'auto', width: { xs: '100%', sm: 220 } }}
          slotProps={{
            htmlInput: { 'aria-label': translate('app.knowledge.io.filter') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {nothingToDo && <Alert severity="info">{translate('app.knowledge.io.nothing_to_do')}</Alert>}
      <TableContainer sx={{ maxHeight: 340, border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={translate('app.knowledge.io.steps.preview')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 72 }}>{translate('app.knowledge.io.columns.action')}</TableCell>
              <TableCell sx={{ width: 96 }}>{translate('app.knowledge.io.columns.kind')}</TableCell>
              <TableCell>{translate('app.knowledge.io.columns.name')}</TableCell>
              <TableCell>{translate('app.knowledge.io.columns.folder')}</TableCell>
              <TableCell>{translate('app.knowledge.io.columns.changed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {kept.slice(0, SHOWN).map(({ item, at }) => (
              <ItemRow key={at} item={item} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {kept.length > SHOWN && (
        <Typography variant="caption" color="text.secondary">
          {translate('app.knowledge.io.more_items', { shown: SHOWN, count: kept.length })}
        </Typography>
      )}
      <Problems problems={preview.problems} />
    </Box>
  );
}

function ItemRow({ item }: { item: ImportItem }) {
  const translate = useTranslate();
  return (
    <TableRow hover data-testid="import-item" data-action={item.action} data-kind={item.kind} data-name={item.name}>
      <TableCell>
        <Chip
          size="small"
          label={translate(`app.knowledge.io.actions.${item.action}`)}
          color={ACTION_COLOR[item.action]}
          variant={item.action === 'keep' ? 'outlined' : 'filled'}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`app.knowledge.io.kinds.${item.kind}`)}</TableCell>
      <TableCell sx={{ maxWidth: 280 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {item.kind === 'api' && <MethodTag method={item.method} width={40} />}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap title={item.name}>
              {item.name}
            </Typography>
            {item.path && (
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                component="div"
                sx={{ fontFamily: 'monospace' }}
              >
                {item.path}
              </Typography>
            )}
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={{ maxWidth: 200 }}>
        <Typography variant="body2" color="text.secondary" noWrap title={item.folderPath.join(' / ')}>
          {item.folderPath.length ? item.folderPath.join(' / ') : translate('app.knowledge.io.root')}
        </Typography>
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {item.changedFields.map((field) => (
            <Chip
              key={field}
              size="small"
              data-field={field}
              // a field the console has no name for (a newer model's) shows as the service sent it
              label={translate(`app.knowledge.io.fields.${field}`, { _: field })}
              variant="outlined"
              sx={{ height: 20 }}
            />
          ))}
        </Box>
      </TableCell>
    </TableRow>
  );
}

function Problems({ problems }: { problems: ImportPreview['problems'] }) {
  const translate = useTranslate();
  if (problems.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="import-no-problems">
        {translate('app.knowledge.io.no_problems')}
      </Typography>
    );
  }
  return (
    <Alert
      severity="warning"
      icon={<ErrorOutlineIcon />}
      data-testid="import-problems"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="subtitle2">{translate('app.knowledge.io.problems', { count: problems.length })}</Typography>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {translate('app.knowledge.io.problems_hint')}
      </Typography>
      <List dense disablePadding sx={{ maxHeight: 160, overflow: 'auto' }}>
        {problems.map((problem) => (
          <ListItem
            key={`${problem.where}\n${problem.message}`}
            disableGutters
            sx={{ py: 0 }}
            data-testid="import-problem"
          >
            <ListItemText
              primary={problem.message}
              secondary={problem.where}
              slotProps={{
                primary: { variant: 'body2' },
                secondary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
