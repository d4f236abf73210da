import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { methodColor } from '../../../utils/httpMethods';
import type { DocDiff, VersionDiff } from '../publishingApi';
import { inReadingOrder } from './diffModel';
import FieldDiffList, { BreakingChip, CHANGE_COLORS } from './FieldDiffList';

/** Documents shown at first and added by each "more": a comparison of thousands stays quick to open. */
const PAGE = 100;

/** What a document is, as its row names it: the request line of an API, else its kind. */
export function DocLabel({ doc }: { doc: Pick<DocDiff, 'kind' | 'name' | 'method' | 'path' | 'folderPath'> }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" alignItems="baseline" spacing={1} sx={{ minWidth: 0 }}>
        {doc.kind === 'api' && doc.method ? (
          <Typography
            component="span"
            sx={{ fontFamily: 'monospace', fontWeight: 700, color: methodColor(doc.method) }}
          >
            {doc.method.toUpperCase()}
          </Typography>
        ) : (
          <Typography component="span" variant="caption" color="text.secondary">
            {translate(`app.knowledge.diff.kind.${doc.kind}`)}
          </Typography>
        )}
        <Typography component="span" fontWeight={600} noWrap title={doc.name}>
          {doc.name}
        </Typography>
        {doc.kind === 'api' && doc.path && (
          <Typography component="span" variant="body2" color="text.secondary" noWrap sx={{ fontFamily: 'monospace' }}>
            {doc.path}
          </Typography>
        )}
      </Stack>
      {doc.folderPath.length > 0 && (
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {doc.folderPath.join(' / ')}
        </Typography>
      )}
    </Box>
  );
}

function DocRow({ doc, actions, open, onToggle }: DocRowProps) {
  const translate = useTranslate();
  const breakingFields = doc.fields.filter((field) => field.breaking).length;
  return (
    <Accordion
      expanded={open}
      onChange={onToggle}
      disableGutters
      // a comparison of thousands of documents keeps only the open ones' fields in the page
      slotProps={{ transition: { unmountOnExit: true } }}
      variant="outlined"
      data-testid="doc-diff"
      data-doc-id={doc.projectStructureId}
      data-name={doc.name}
      data-change={doc.change}
      data-breaking={doc.breaking}
      sx={{ borderColor: doc.breaking ? 'error.light' : 'divider', '&:before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ '& .MuiAccordionSummary-content': { minWidth: 0 } }}>
        <Stack direction="row" alignItems="center" spacing={1.5} sx={{ minWidth: 0, flex: 1 }}>
          <Chip
            size="small"
            color={CHANGE_COLORS[doc.change]}
            label={translate(`app.knowledge.diff.change.${doc.change}`)}
            sx={{ flexShrink: 0 }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <DocLabel doc={doc} />
          </Box>
          {doc.breaking && (
            <BreakingChip
              label={
                breakingFields > 0
                  ? translate('app.knowledge.diff.breaking_count', { smart_count: breakingFields })
                  : undefined
              }
            />
          )}
          {doc.change === 'changed' && (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, pr: 1 }}>
              {translate('app.knowledge.diff.fields', { smart_count: doc.fields.length })}
            </Typography>
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails sx={{ pt: 0 }}>
        {actions && (
          <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mb: 1 }}>
            {actions}
          </Stack>
        )}
        <FieldDiffList fields={doc.fields} />
      </AccordionDetails>
    </Accordion>
  );
}

interface DocRowProps {
  doc: DocDiff;
  actions?: ReactNode;
  open: boolean;
  onToggle(): void;
}

/**
 * A comparison of two points of a project: the counts, then each added, removed or changed document with its field
 * changes; breaking changes are flagged in red (破坏性变更) and come first. Shared by the version comparison and
 * anywhere else a VersionDiff is shown; `docActions` puts buttons (view, restore) inside each document's row.
 */
export default function DiffView({ diff, docActions }: { diff: VersionDiff; docActions?(doc: DocDiff): ReactNode }) {
  const translate = useTranslate();
  const [onlyBreaking, setOnlyBreaking] = useState(false);
  const docs = useMemo(() => inReadingOrder(diff.docs), [diff.docs]);
  // breaking documents open at first: those are what the comparison is read for
  const [open, setOpen] = useState<Set<number>>(
    () => new Set(docs.filter((doc) => doc.breaking).map((doc) => doc.projectStructureId)),
  );
  const [limit, setLimit] = useState(PAGE);
  const matching = onlyBreaking ? docs.filter((doc) => doc.breaking) : docs;
  const shown = matching.slice(0, limit);
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box data-testid="diff-view">
      <Stack direction="row" alignItems="center" spacing={1.5} flexWrap="wrap" useFlexGap sx={{ mb: 1.5 }}>
        <Typography variant="subtitle1" fontWeight={600}>
          {translate('app.knowledge.diff.docs')}
        </Typography>
        <Typography color="text.secondary" data-testid="diff-summary">
          {translate('app.knowledge.diff.summary', diff.summary)}
        </Typography>
        {diff.summary.breaking > 0 && (
          <BreakingChip label={translate('app.knowledge.diff.breaking_docs', { smart_count: diff.summary.breaking })} />
        )}
        <Box sx={{ flex: 1 }} />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={onlyBreaking}
              onChange={(event) => setOnlyBreaking(event.target.checked)}
              disabled={diff.summary.breaking === 0}
            />
          }
          label={translate('app.knowledge.diff.only_breaking')}
        />
      </Stack>
      {docs.length === 0 ? (
        <Alert severity="success">{translate('app.knowledge.diff.no_changes')}</Alert>
      ) : shown.length === 0 ? (
        <Alert severity="info">{translate('app.knowledge.diff.no_breaking')}</Alert>
      ) : (
        <Stack spacing={1}>
          {shown.map((doc) => (
            <DocRow
              key={`${doc.change}-${doc.projectStructureId}`}
              doc={doc}
              actions={docActions?.(doc)}
              open={open.has(doc.projectStructureId)}
              onToggle={() => toggle(doc.projectStructureId)}
            />
          ))}
          {matching.length > shown.length && (
            <Button onClick={() => setLimit(limit + PAGE)} data-testid="diff-more">
              {translate('app.knowledge.diff.more', { smart_count: matching.length - shown.length })}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
