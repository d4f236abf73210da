import { Box, Chip, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import {
  type ApiDoc,
  type ApiResponse,
  type DocDetail,
  type Environment,
  useEnvironments,
  useMembers,
} from '../docApi';
import { useWithMockEnvironment } from '../mock/mockEnvironment';
import LinkedTasks from './LinkedTasks';
import MarkdownView from './MarkdownView';
import { ParameterTable, SchemaTable } from './SchemaTable';
import SnippetPanel from './SnippetPanel';
import { methodColor } from './treeModel';

const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary'> = {
  designing: 'secondary',
  developing: 'info',
  testing: 'warning',
  released: 'success',
  deprecated: 'error',
};
const IN_ORDER = ['path', 'query', 'header', 'cookie'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="subtitle1" fontWeight={600} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function CodeBlock({ code }: { code: string }) {
  return (
    <Box
      component="pre"
      sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 12.5, maxHeight: 360 }}
    >
      {code}
    </Box>
  );
}

function Examples({ examples }: { examples: ApiResponse['examples'] }) {
  const translate = useTranslate();
  if (!examples.length) return null;
  return (
    <Box sx={{ mt: 1.5 }}>
      {examples.map((example, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: examples have no id and may share a name; their order is fixed
        <Box key={`${example.name}-${index}`} sx={{ mb: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('app.knowledge.doc.example')} {example.name || index + 1}
            {example.summary && ` · ${example.summary}`}
          </Typography>
          <CodeBlock code={json(example.value)} />
        </Box>
      ))}
    </Box>
  );
}

function RequestBodyView({ body }: { body: ApiDoc['requestBody'] }) {
  const translate = useTranslate();
  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Chip size="small" label={body.mediaType || body.type} sx={{ fontFamily: 'monospace' }} />
        {body.required && (
          <Chip size="small" color="error" variant="outlined" label={translate('app.knowledge.doc.required')} />
        )}
      </Stack>
      {body.description && <MarkdownView markdown={body.description} sx={{ mb: 1 }} />}
      {body.type === 'json' || body.type === 'xml' ? (
        <SchemaTable schema={body.schema ?? {}} />
      ) : body.type === 'form-data' || body.type === 'x-www-form-urlencoded' ? (
        <ParameterTable
          parameters={body.fields.map((field) => ({
            in: 'query' as const,
            name: field.name,
            required: field.required,
            description: field.description,
            schema: { ...(field.schema ?? {}), type: field.type === 'file' ? 'file' : field.type },
            example: field.example,
            deprecated: false,
            extra: {},
          }))}
        />
      ) : body.raw ? (
        <CodeBlock code={body.raw} />
      ) : null}
      <Examples examples={body.examples ?? []} />
    </>
  );
}

function Responses({ responses }: { responses: ApiResponse[] }) {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const response = responses[Math.min(tab, responses.length - 1)];
  if (!response) return null;
  const color = (status: string) =>
    status.startsWith('2')
      ? 'success.main'
      : status.startsWith('4') || status.startsWith('5')
        ? 'error.main'
        : 'text.secondary';
  return (
    <Paper variant="outlined">
      <Tabs
        value={Math.min(tab, responses.length - 1)}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
      >
        {responses.map((r, index) => (
          <Tab
            // biome-ignore lint/suspicious/noArrayIndexKey: a status may repeat (per media type); the order is fixed
            key={`${r.status}-${index}`}
            value={index}
            sx={{ minHeight: 40, textTransform: 'none' }}
            label={
              <Box component="span" sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}>
                <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: color(r.status) }} />
                <span>{r.status}</span>
                {r.name && <span>{r.name}</span>}
              </Box>
            }
          />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>
        {response.description && <MarkdownView markdown={response.description} sx={{ mb: 1 }} />}
        {response.mediaType && <Chip size="small" label={response.mediaType} sx={{ fontFamily: 'monospace', mb: 1 }} />}
        {response.headers.length > 0 && (
          <Box sx={{ mb: 1.5 }}>
            <Typography variant="caption" color="text.secondary">
              {translate('app.knowledge.doc.response_headers')}
            </Typography>
            <ParameterTable
              parameters={response.headers.map((h) => ({
                ...h,
                in: 'header' as const,
                example: undefined,
                deprecated: false,
                extra: {},
              }))}
            />
          </Box>
        )}
        <SchemaTable schema={response.schema ?? {}} />
        <Examples examples={response.examples ?? []} />
      </Box>
    </Paper>
  );
}

/** An API document read like the best docs sites: the request line, tables from the schema, snippets beside. */
export default function ApiDocView({
  detail,
  canWrite,
  actions,
  publicReader = false,
  environments: given,
  mock,
}: {
  detail: DocDetail;
  canWrite: boolean;
  actions?: ReactNode;
  /** Read through a share link without an account: no people, no tasks (the answer carries none). */
  publicReader?: boolean;
  /** The environments to write snippets for, when they do not come from the project (a share link's). */
  environments?: Environment[];
  /** The document's Mock section (the workspace's; versions and share links have none). */
  mock?: ReactNode;
}) {
  const translate = useTranslate();
  const api = detail.api;
  const projectEnvironments = useEnvironments(detail.projectId).data;
  // The project's own readers also get the project's mock as an environment of the snippets.
  const environments = useWithMockEnvironment(detail.projectId, given ?? projectEnvironments ?? [], !!mock);
  const members = useMembers(detail.projectId).data ?? [];
  if (!api) return null;
  const owner = members.find((m) => m.userId === api.ownerId);
  const params = api.parameters ?? [];

  return (
    // The pane's own width decides (the nav and the tree take a varying share of the screen): snippets beside the
    // document when it is wide, under it otherwise.
    <Box data-testid="api-doc-view" sx={{ containerType: 'inline-size' }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: '1fr',
          alignItems: 'start',
          '@container (min-width: 1080px)': {
            gridTemplateColumns: 'minmax(0, 1fr) 420px',
            '& > aside': { position: 'sticky', top: 0 },
          },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
            <Typography
              variant="h5"
              component="h1"
              fontWeight={600}
              sx={{ flex: 1, minWidth: 0 }}
              noWrap
              title={detail.name}
            >
              {detail.name}
            </Typography>
            {actions}
          </Stack>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              p: 1,
              mb: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontFamily: 'monospace',
            }}
          >
            <Box
              component="span"
              sx={{
                px: 1,
                py: 0.25,
                borderRadius: 0.75,
                color: '#fff',
                fontWeight: 700,
                fontSize: 13,
                bgcolor: methodColor(api.method),
              }}
            >
              {api.method}
            </Box>
            <Typography
              component="span"
              sx={{ fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}
              data-testid="api-path"
            >
              {api.path}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 2 }}>
            <Chip
              size="small"
              color={STATUS_COLORS[api.status] ?? 'default'}
              label={translate(`app.knowledge.doc.status.${api.status}`, { _: api.status })}
            />
            {api.deprecated && (
              <Chip size="small" color="error" variant="outlined" label={translate('app.knowledge.doc.deprecated')} />
            )}
            {api.tags.map((tag) => (
              <Chip key={tag} size="small" variant="outlined" label={tag} />
            ))}
            <Typography variant="caption" color="text.secondary" sx={publicReader ? { display: 'none' } : undefined}>
              {translate('app.knowledge.doc.label_value', {
                label: translate('app.knowledge.doc.owner'),
                value: owner ? owner.nickname || owner.trueName : detail.createdByName,
              })}
              {' · '}
              {translate('app.knowledge.doc.updated_by', {
                name: detail.updatedByName,
                time: formatMinute(detail.updatedAt),
              })}
            </Typography>
          </Stack>
          {api.description && (
            <Section title={translate('app.knowledge.doc.description')}>
              <MarkdownView markdown={api.description} />
            </Section>
          )}
          {IN_ORDER.map((where) => {
            const list = params.filter((p) => p.in === where);
            return list.length ? (
              <Section key={where} title={translate(`app.knowledge.doc.params_${where}`)}>
                <ParameterTable parameters={list} />
              </Section>
            ) : null;
          })}
          {api.requestBody && api.requestBody.type !== 'none' && (
            <Section title={translate('app.knowledge.doc.request_body')}>
              <RequestBodyView body={api.requestBody} />
            </Section>
          )}
          {api.responses.length > 0 && (
            <Section title={translate('app.knowledge.doc.responses')}>
              <Responses responses={api.responses} />
            </Section>
          )}
          {mock}
          {!publicReader && <LinkedTasks detail={detail} canWrite={canWrite} />}
        </Box>
        <Box component="aside" sx={{ minWidth: 0 }}>
          <SnippetPanel api={api} environments={environments} />
        </Box>
      </Box>
    </Box>
  );
}
