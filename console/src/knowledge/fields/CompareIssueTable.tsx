import {
  Box,
  Checkbox,
  Chip,
  Link,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { docLink, shapeText } from './fieldModel';
import type { FieldFix, FieldIssue, FieldIssueKind, FieldShape } from './fieldsApi';

const KIND_COLORS: Record<FieldIssueKind, 'error' | 'warning' | 'info' | 'default' | 'secondary'> = {
  type: 'error',
  format: 'warning',
  descriptionMissing: 'default',
  descriptionDiffers: 'info',
  naming: 'secondary',
  missing: 'warning',
};

const PAGE_SIZES = [20, 50, 100];

const Shape = ({ shape, empty }: { shape: FieldShape | null; empty: string }) =>
  shape ? (
    <Box>
      <Box sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {shape.name}{' '}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {shapeText(shape)}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {shape.description || empty}
      </Typography>
    </Box>
  ) : null;

/**
 * The report's issues, a page at a time (a project of thousands of documents finds thousands): the kind, the field,
 * the document with a link to it, the place, what the document has against what the library says, and for writers a
 * checkbox and the fix to apply.
 */
export default function CompareIssueTable({
  projectId,
  issues,
  picked,
  canWrite,
  onPick,
}: {
  projectId: number;
  issues: FieldIssue[];
  picked: ReadonlyMap<string, FieldFix>;
  canWrite: boolean;
  onPick: (changes: [issue: FieldIssue, fix: FieldFix | null][]) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.field.compare.${key}`, options);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(PAGE_SIZES[0]!);
  const start = Math.min(page, Math.max(0, Math.ceil(issues.length / size) - 1)) * size;
  const shown = issues.slice(start, start + size);
  const pageAll = shown.length > 0 && shown.every((issue) => picked.has(issue.issueId));
  const pageSome = shown.some((issue) => picked.has(issue.issueId));
  const firstFix = (issue: FieldIssue) => issue.fixes[0] ?? null;

  return (
    <Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table
          size="small"
          data-testid="compare-issues"
          sx={{ '& tbody tr:nth-of-type(even)': { bgcolor: 'action.hover' } }}
        >
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, bgcolor: 'action.hover' } }}>
              {canWrite && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={pageAll}
                    indeterminate={pageSome && !pageAll}
                    onChange={() => onPick(shown.map((issue) => [issue, pageAll ? null : firstFix(issue)]))}
                    slotProps={{ input: { 'aria-label': t('select_page') } }}
                  />
                </TableCell>
              )}
              <TableCell>{t('col.kind')}</TableCell>
              <TableCell>{t('col.doc')}</TableCell>
              <TableCell>{t('col.location')}</TableCell>
              <TableCell>{t('col.actual')}</TableCell>
              <TableCell>{t('col.expected')}</TableCell>
              <TableCell>{t('col.message')}</TableCell>
              {canWrite && <TableCell>{t('col.fix')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((issue) => {
              const use = issue.uses[0];
              const fix = picked.get(issue.issueId);
              return (
                <TableRow key={issue.issueId} data-issue={issue.issueId} data-kind={issue.kind}>
                  {canWrite && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={Boolean(fix)}
                        disabled={!issue.fixes.length}
                        onChange={() => onPick([[issue, fix ? null : firstFix(issue)]])}
                        slotProps={{ input: { 'aria-label': issue.fieldName } }}
                      />
                    </TableCell>
                  )}
                  <TableCell>
                    <Chip size="small" color={KIND_COLORS[issue.kind]} label={t(`kinds.${issue.kind}`)} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 240 }}>
                    {issue.kind === 'missing' ? (
                      <Stack spacing={0.25}>
                        <Typography variant="body2">{t('used_in', { smart_count: issue.useCount })}</Typography>
                        {issue.uses.slice(0, 3).map((place) => (
                          <Link
                            key={`${place.projectStructureId}${place.pointer}`}
                            component={RouterLink}
                            to={docLink(projectId, place)}
                            variant="body2"
                            noWrap
                          >
                            {place.docName}
                          </Link>
                        ))}
                      </Stack>
                    ) : use ? (
                      <Box>
                        <Link component={RouterLink} to={docLink(projectId, use)}>
                          {use.docName}
                        </Link>
                        {use.method && (
                          <Typography
                            variant="caption"
                            display="block"
                            color="text.secondary"
                            sx={{ fontFamily: 'monospace' }}
                          >
                            {use.method} {use.path}
                          </Typography>
                        )}
                      </Box>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontSize: 13, maxWidth: 220 }}>
                    {issue.kind === 'missing' ? '' : use?.location}
                  </TableCell>
                  <TableCell>
                    <Shape shape={issue.actual} empty={t('no_description')} />
                  </TableCell>
                  <TableCell>
                    <Shape shape={issue.expected} empty={t('no_description')} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>{issue.message}</TableCell>
                  {canWrite && (
                    <TableCell>
                      {issue.fixes.length > 0 && (
                        <TextField
                          select
                          size="small"
                          variant="standard"
                          value={fix ?? firstFix(issue) ?? ''}
                          onChange={(event) => onPick([[issue, event.target.value as FieldFix]])}
                          slotProps={{ htmlInput: { 'aria-label': `${t('col.fix')} ${issue.fieldName}` } }}
                          sx={{ minWidth: 120 }}
                        >
                          {issue.fixes.map((option) => (
                            <MenuItem key={option} value={option}>
                              {t(`fixes.${option}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={issues.length}
        page={start / size}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={t('rows_per_page')}
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${count}`}
      />
    </Box>
  );
}
