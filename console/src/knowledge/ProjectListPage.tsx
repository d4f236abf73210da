import AddIcon from '@mui/icons-material/Add';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Avatar, Box, Button, Card, CardContent, InputAdornment, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { ScreenLoading } from '../loading/ScreenLoading';
import { TeamRequired } from '../teams/TeamRequired';
import { CreateKnowledgeProjectDialog } from './CreateKnowledgeProjectDialog';
import { KnowledgeProjectCard } from './KnowledgeProjectCard';
import { type KnowledgeProject, knowledgeApi, knowledgeKeys } from './knowledgeApi';
import { ImportProjectButton } from './publishing/io/IoEntryPoints';

/** Starred first, each group in the server's order (newest change first); the sort is stable. */
export const starredFirst = (projects: KnowledgeProject[]) =>
  [...projects].sort((a, b) => Number(b.projectUser.isStar) - Number(a.projectUser.isStar));

const matches = (project: KnowledgeProject, keyword: string) => {
  const needle = keyword.trim().toLowerCase();
  return !needle || `${project.name}\n${project.description}`.toLowerCase().includes(needle);
};

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' } as const;

/**
 * /api: the current team's knowledge projects. SPEC §5: a blank project needs a current team, so without one the page
 * is the 'not bound to any team' state with 'create team'.
 */
const ProjectListPage = () => <TeamRequired>{(teamId) => <ProjectList teamId={teamId} />}</TeamRequired>;

const ProjectList = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const [keyword, setKeyword] = useState('');
  const {
    data: projects,
    isPending,
    error,
  } = useQuery({ queryKey: knowledgeKeys.list(teamId), queryFn: () => knowledgeApi.list() });
  // The team's projects are few enough to search as the user types, without a request per key.
  const shown = starredFirst(projects ?? []).filter((project) => matches(project, keyword));
  const none = projects?.length === 0;

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="knowledge-index">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h6" component="h1">
            {translate('app.knowledge.index.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.knowledge.index.subtitle')}
          </Typography>
        </Box>
        {!none && (
          <TextField
            size="small"
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            placeholder={translate('app.knowledge.index.search')}
            slotProps={{
              htmlInput: { 'aria-label': translate('app.knowledge.index.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 280 } }}
          />
        )}
        <ImportProjectButton />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('app.knowledge.index.create')}
        </Button>
      </Box>
      {/* the console's one loading state, where the cards will be (a thin bar left the page blank below it) */}
      {isPending && <ScreenLoading />}
      {error && <Alert severity="error">{translate(error.message || 'app.request.error')}</Alert>}
      {none && <NoProjects onCreate={() => setCreating(true)} />}
      {!none && projects && shown.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }} data-testid="no-match">
          {translate('app.knowledge.index.no_match', { keyword: keyword.trim() })}
        </Typography>
      )}
      <Box sx={GRID}>
        {shown.map((project) => (
          <KnowledgeProjectCard key={project.projectId} project={project} />
        ))}
      </Box>
      <CreateKnowledgeProjectDialog
        key={String(creating)}
        teamId={teamId}
        open={creating}
        onClose={() => setCreating(false)}
      />
    </Box>
  );
};

const NoProjects = ({ onCreate }: { onCreate: () => void }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Card variant="outlined" sx={{ maxWidth: 520, textAlign: 'center' }} data-testid="no-projects">
        <CardContent sx={{ py: 6, px: 4 }}>
          <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.light' }}>
            <MenuBookIcon sx={{ fontSize: 40 }} />
          </Avatar>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.knowledge.index.empty')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.knowledge.index.empty_hint')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
            {translate('app.knowledge.index.create')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};

export default ProjectListPage;
