import ArticleIcon from '@mui/icons-material/Article';
import FolderIcon from '@mui/icons-material/Folder';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { Follow } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { request } from '../api/request';
import { homeKeys } from '../home/homeApi';
import { EmptyHint, Loadable } from '../home/Section';

const ICONS: Record<string, typeof ArticleIcon> = {
  doc: ArticleIcon,
  folder: FolderIcon,
  project: MenuBookIcon,
  taskProject: TaskAltIcon,
  task: TaskAltIcon,
};
// documents first, then what holds documents, then tasks
const ORDER = ['doc', 'folder', 'project', 'task', 'taskProject'];

/** What I follow (follow/list). */
export const useFollows = (teamId: number) =>
  useQuery({
    queryKey: homeKeys.follows(teamId),
    queryFn: () => request<Follow[]>('follow/list', {}, { notify: false }),
  });

/** What I follow, documents first, each linking to where it is (the documents card's second tab). */
export const FollowsList = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const { data, isPending, error } = useFollows(teamId);
  const follows = [...(data ?? [])].sort(
    (a, b) => ORDER.indexOf(a.target.kind) - ORDER.indexOf(b.target.kind) || b.createdAt - a.createdAt,
  );
  return (
    <Box data-testid="work-follows">
      <Loadable pending={isPending} error={error}>
        {!follows.length && (
          <EmptyHint
            icon={<VisibilityOutlinedIcon />}
            title="app.work.no_follows"
            hint="app.work.no_follows_hint"
            action={
              <Button variant="outlined" size="small" component={RouterLink} to="/api">
                {translate('app.work.go_docs')}
              </Button>
            }
          />
        )}
        <List dense disablePadding component="div">
          {follows.slice(0, 20).map((follow) => {
            const Icon = ICONS[follow.target.kind] ?? ArticleIcon;
            return (
              <ListItemButton
                key={`${follow.target.kind}-${follow.target.id}`}
                component={RouterLink}
                to={follow.link || '/api'}
                sx={{ px: 1, borderRadius: 1 }}
                data-testid="work-follow"
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <Icon fontSize="small" color="action" />
                </ListItemIcon>
                <ListItemText
                  primary={follow.name}
                  secondary={follow.projectName || undefined}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Loadable>
    </Box>
  );
};
