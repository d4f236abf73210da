import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { homeKeys } from '../home/homeApi';
import { EmptyHint, Loadable, Section } from '../home/Section';
import { type AuthoredDoc, authorApi } from '../knowledge/author/authorApi';
import { docLink } from '../knowledge/author/authorModel';
import { methodColor, methodLabel } from '../utils/httpMethods';
import { useRelativeTime } from '../utils/useRelativeTime';
import { FollowsList, useFollows } from './FollowsList';
import type { WorkLayout } from './layout';

/** As many as the card shows; the creator centre has them all. */
const SHOWN = 8;

interface DocsCardProps {
  teamId: number;
  tab: WorkLayout['docs'];
  onTab: (docs: WorkLayout['docs']) => void;
}

/** The documents I wrote (project/myDocs, newest change first) and those I follow, one tab each. */
export const DocsCard = ({ teamId, tab, onTab }: DocsCardProps) => {
  const translate = useTranslate();
  // under the workspace's key: an activity pushed live (a save) reads it again with the rest
  const mine = useQuery({
    queryKey: [...homeKeys.all(teamId), 'myDocs'],
    queryFn: () => authorApi.myDocs(1, SHOWN),
  });
  const follows = useFollows(teamId);
  const label = (key: string, count?: number) => (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline' }}>
      {translate(key)}
      {Boolean(count) && (
        <Box component="span" sx={{ color: 'text.secondary', fontSize: 12 }}>
          {count}
        </Box>
      )}
    </Box>
  );
  return (
    <Section
      title="app.work.docs"
      testId="work-docs"
      action={
        tab === 'mine' && (
          <Button
            size="small"
            component={RouterLink}
            to="/userAuthor/index"
            title={translate('app.work.docs_more_hint')}
            data-testid="work-docs-more"
          >
            {translate('app.work.docs_more')}
          </Button>
        )
      }
    >
      <Tabs
        value={tab}
        onChange={(_, next) => onTab(next)}
        variant="fullWidth"
        sx={{ minHeight: 40, mb: 1, borderBottom: 1, borderColor: 'divider' }}
        aria-label={translate('app.work.docs')}
      >
        <Tab
          value="mine"
          label={label('app.work.docs_mine', mine.data?.total)}
          sx={{ minHeight: 40, py: 0 }}
          data-testid="docs-mine"
        />
        <Tab
          value="follows"
          label={label('app.work.docs_follows', follows.data?.length)}
          sx={{ minHeight: 40, py: 0 }}
          data-testid="docs-follows"
        />
      </Tabs>
      {tab === 'mine' ? (
        <Loadable pending={mine.isPending} error={mine.error}>
          <MyDocs docs={mine.data?.list ?? []} />
        </Loadable>
      ) : (
        <FollowsList teamId={teamId} />
      )}
    </Section>
  );
};

const MyDocs = ({ docs }: { docs: AuthoredDoc[] }) => {
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  if (!docs.length) {
    return (
      <EmptyHint
        icon={<NoteAddOutlinedIcon />}
        title="app.work.no_docs"
        hint="app.work.no_docs_hint"
        testId="work-no-docs"
        action={
          <Button variant="outlined" size="small" component={RouterLink} to="/api">
            {translate('app.work.new_doc')}
          </Button>
        }
      />
    );
  }
  return (
    <List dense disablePadding component="div" data-testid="work-my-docs">
      {docs.map((doc) => (
        <ListItemButton
          key={doc.projectStructureId}
          component={RouterLink}
          to={docLink(doc)}
          sx={{ px: 1, borderRadius: 1 }}
          data-testid="work-my-doc"
          data-name={doc.name}
        >
          <ListItemIcon sx={{ minWidth: 44 }}>
            <KindMark doc={doc} />
          </ListItemIcon>
          <ListItemText
            primary={doc.name}
            secondary={translate('app.work.doc_saved', {
              project: doc.projectName,
              time: formatRelative(doc.updatedAt),
            })}
            slotProps={{ primary: { noWrap: true, title: doc.name }, secondary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
};

/** An API by its method (the document tree's colours), a page or a model by its icon. */
const KindMark = ({ doc }: { doc: AuthoredDoc }) => {
  if (doc.kind === 'api') {
    return (
      <Box
        component="span"
        sx={{ fontSize: 11, fontWeight: 700, fontFamily: 'monospace', color: methodColor(doc.method || 'GET') }}
      >
        {methodLabel(doc.method || 'GET')}
      </Box>
    );
  }
  const Icon = doc.kind === 'schema' ? DataObjectIcon : ArticleOutlinedIcon;
  return <Icon fontSize="small" sx={{ color: doc.kind === 'schema' ? '#7a5af8' : '#2e90fa' }} />;
};
