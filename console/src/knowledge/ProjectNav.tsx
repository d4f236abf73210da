import type { SvgIconComponent } from '@mui/icons-material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DescriptionIcon from '@mui/icons-material/Description';
import HistoryIcon from '@mui/icons-material/History';
import RuleIcon from '@mui/icons-material/Rule';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import StyleIcon from '@mui/icons-material/Style';
import { Avatar, Box, List, ListItemButton, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useParams } from 'react-router-dom';
import { FollowButton } from '../chat/FollowButton';
import { TeamPoster } from '../teams/TeamPoster';
import { useProjectDetail } from './knowledgeApi';
import { LocalModeBanner } from './local/LocalModeBanner';
import { useLocalKnowledge } from './local/useLocalKnowledge';
import { isLocalKnowledge, isValidProjectId } from './transport';

/** The project pages (SPEC §2.2 /project children); `version` sits with history and share (SPEC §2.1). */
export type ProjectPage = 'index' | 'test' | 'field' | 'history' | 'version' | 'share' | 'setting';

interface NavEntry {
  page: ProjectPage;
  label: string;
  icon: SvgIconComponent;
  /** SPEC §2.4: share only exists for a project that has an id. */
  needsProject?: boolean;
}

const ENTRIES: NavEntry[] = [
  { page: 'index', label: 'app.knowledge.nav.docs', icon: DescriptionIcon },
  { page: 'test', label: 'app.knowledge.nav.test', icon: ScienceIcon },
  { page: 'field', label: 'app.knowledge.nav.field', icon: RuleIcon },
  { page: 'history', label: 'app.knowledge.nav.history', icon: HistoryIcon },
  { page: 'version', label: 'app.knowledge.nav.version', icon: StyleIcon },
  { page: 'share', label: 'app.knowledge.nav.share', icon: ShareIcon, needsProject: true },
  { page: 'setting', label: 'app.knowledge.nav.setting', icon: SettingsIcon },
];

export const projectPath = (page: ProjectPage, projectId?: number | string) =>
  isValidProjectId(projectId) ? `/project/${page}/${projectId}` : `/project/${page}`;

/** The project id of the current /project/* route; without one, local mode's project (0 until it is open). */
export const useRouteProjectId = () => {
  const { projectId } = useParams();
  const local = useLocalKnowledge();
  return isValidProjectId(projectId) ? Number(projectId) : local.projectId;
};

/** The left nav of every /project/* screen: the project's name, then its pages. */
export const ProjectNav = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { data: project } = useProjectDetail(projectId);
  // local mode's screens keep their paths without an id (the only /project/* paths open when signed out)
  const linkId = useLocalKnowledge().active ? 0 : projectId;
  const entries = ENTRIES.filter((entry) => !entry.needsProject || linkId > 0);

  return (
    <Paper
      component="nav"
      variant="outlined"
      aria-label={translate('app.knowledge.nav.label')}
      data-testid="project-nav"
      sx={{
        width: { xs: '100%', md: 200 },
        flexShrink: 0,
        alignSelf: 'flex-start',
        position: { md: 'sticky' },
        top: { md: 16 },
        overflow: 'hidden',
      }}
    >
      {project && (
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1, p: 1.5, pb: 1 }}>
          {project.logo ? (
            <Avatar src={project.logo} alt="" variant="rounded" sx={{ width: 32, height: 32 }} />
          ) : (
            <Box sx={{ width: 32, height: 32, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
              <TeamPoster index={project.poster} name={project.name} width={32} height={32} rounded={0} />
            </Box>
          )}
          <Typography variant="subtitle2" noWrap title={project.name} sx={{ fontWeight: 600 }}>
            {project.name}
          </Typography>
        </Box>
      )}
      {project && linkId > 0 && !isLocalKnowledge() && (
        <Box sx={{ display: { xs: 'none', md: 'block' }, px: 1.5, pb: 1 }}>
          <FollowButton kind="project" id={linkId} />
        </Box>
      )}
      <List
        component="div"
        dense
        sx={{ display: { xs: 'flex', md: 'block' }, overflowX: { xs: 'auto', md: 'visible' }, py: 0.5 }}
      >
        {entries.map(({ page, label, icon: Icon }) => {
          const selected = pathname === `/project/${page}` || pathname.startsWith(`/project/${page}/`);
          return (
            <ListItemButton
              key={page}
              component={Link}
              to={projectPath(page, linkId)}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              data-page={page}
              sx={{ flexShrink: 0, borderRadius: 1, mx: 0.5, '&.Mui-selected': { color: 'primary.main' } }}
            >
              <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={translate(label)} />
            </ListItemButton>
          );
        })}
        <ListItemButton
          component={Link}
          to="/api"
          sx={{ flexShrink: 0, borderRadius: 1, mx: 0.5, color: 'text.secondary' }}
        >
          <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
            <ArrowBackIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={translate('app.knowledge.nav.back')} />
        </ListItemButton>
      </List>
    </Paper>
  );
};

/** A /project/* screen: the project's nav at the left, the page beside it (above it on a phone). */
export const ProjectLayout = ({ children, projectId }: { children: ReactNode; projectId?: number }) => {
  const routeProjectId = useRouteProjectId();
  const id = projectId ?? routeProjectId;
  const local = useLocalKnowledge();
  return (
    <Box
      sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, p: { xs: 1, md: 2 } }}
      data-project-id={id}
    >
      <ProjectNav projectId={id} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {local.active && <LocalModeBanner projectId={id} />}
        {children}
      </Box>
    </Box>
  );
};
