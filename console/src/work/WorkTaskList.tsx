import DownloadIcon from '@mui/icons-material/Download';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import FilterListIcon from '@mui/icons-material/FilterList';
import {
  Badge,
  Box,
  Button,
  Collapse,
  FormControlLabel,
  List,
  ListSubheader,
  Menu,
  MenuItem,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { MyTask } from '../home/homeApi';
import { dueBucket } from '../home/period';
import { EmptyHint } from '../home/Section';
import { TaskLine } from '../home/TaskLine';
import { useTaskStep } from '../home/useTaskStep';
import { exportMyTasks } from './exportMine';
import { groupByDue, groupByProject } from './grouping';
import type { WorkLayout } from './layout';

interface WorkTaskListProps {
  teamId: number;
  tasks: MyTask[];
  projects: { projectId: number; name: string }[];
  layout: WorkLayout;
  onLayout: (change: Partial<WorkLayout>) => void;
  now: number;
}

const STATUSES = ['', 'todo', 'in_progress', 'paused'] as const;

/** My tasks grouped by due date or by project, with filters and export; on a phone the filters fold behind a button. */
export const WorkTaskList = ({ teamId, tasks, projects, layout, onLayout, now }: WorkTaskListProps) => {
  const translate = useTranslate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const { step, pending } = useTaskStep(teamId);
  const groups = layout.group === 'due' ? groupByDue(tasks, now) : groupByProject(tasks);
  const filtered = layout.projectId !== 0 || layout.status !== '' || layout.includeDone;
  const activeFilters = Number(layout.projectId !== 0) + Number(layout.status !== '') + Number(layout.includeDone);

  const filters = (
    <Box
      id="work-filters"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="work-filters"
    >
      <TextField
        select
        size="small"
        label={translate('app.work.project')}
        value={layout.projectId}
        onChange={(event) => onLayout({ projectId: Number(event.target.value) })}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value={0}>{translate('app.work.all_projects')}</MenuItem>
        {projects.map((project) => (
          <MenuItem key={project.projectId} value={project.projectId}>
            {project.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={translate('app.work.status')}
        value={layout.status}
        onChange={(event) => onLayout({ status: event.target.value as WorkLayout['status'] })}
        fullWidth={false}
        sx={{ width: { xs: '100%', sm: 160 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(status ? `app.task.status.${status}` : 'app.work.all_statuses')}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch checked={layout.includeDone} onChange={(event) => onLayout({ includeDone: event.target.checked })} />
        }
        label={translate('app.work.include_done')}
      />
    </Box>
  );

  return (
    <Box data-testid="work-list">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={layout.group}
          onChange={(_, group) => group && onLayout({ group })}
          aria-label={translate('app.work.group')}
        >
          <ToggleButton value="due" data-testid="group-due">
            {translate('app.work.group_due')}
          </ToggleButton>
          <ToggleButton value="project" data-testid="group-project">
            {translate('app.work.group_project')}
          </ToggleButton>
        </ToggleButtonGroup>
        <Box sx={{ flex: 1 }} />
        {phone && (
          <Button
            size="small"
            startIcon={
              <Badge color="primary" variant="dot" invisible={!activeFilters}>
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFiltersOpen((open) => !open)}
            aria-expanded={filtersOpen}
            aria-controls="work-filters"
            data-testid="work-filters-toggle"
          >
            {translate('app.work.filters')}
            {activeFilters > 0 && ` (${activeFilters})`}
          </Button>
        )}
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          disabled={!tasks.length}
          onClick={(event) => setExportAnchor(event.currentTarget)}
          aria-haspopup="menu"
          data-testid="work-export"
        >
          {translate('app.work.export')}
        </Button>
        <Menu anchorEl={exportAnchor} open={Boolean(exportAnchor)} onClose={() => setExportAnchor(null)}>
          {(['xlsx', 'csv'] as const).map((format) => (
            <MenuItem
              key={format}
              onClick={() => {
                setExportAnchor(null);
                void exportMyTasks(tasks, format, translate);
              }}
            >
              {translate(`app.list.export_${format}`)}
            </MenuItem>
          ))}
        </Menu>
      </Box>
      {phone ? (
        <Collapse in={filtersOpen}>
          <Box sx={{ mb: 1.5 }}>{filters}</Box>
        </Collapse>
      ) : (
        <Box sx={{ mb: 1.5 }}>{filters}</Box>
      )}
      {!tasks.length && (
        <EmptyHint
          icon={<EventAvailableIcon />}
          title={filtered ? 'app.work.no_tasks_filtered' : 'app.work.no_tasks'}
          hint="app.work.no_tasks_hint"
          testId="work-no-tasks"
          action={
            filtered ? (
              <Button
                variant="outlined"
                size="small"
                onClick={() => onLayout({ projectId: 0, status: '', includeDone: false })}
              >
                {translate('app.work.clear_filters')}
              </Button>
            ) : (
              <Button variant="outlined" size="small" component={RouterLink} to="/taskIndex">
                {translate('app.work.go_tasks')}
              </Button>
            )
          }
        />
      )}
      {groups.map((group) => (
        <List
          key={group.key}
          dense
          disablePadding
          sx={{ mb: 1 }}
          data-testid={`work-group-${group.key}`}
          subheader={
            <ListSubheader
              sx={{
                px: 0,
                lineHeight: '36px',
                fontWeight: 600,
                color: group.key === 'overdue' ? 'error.main' : 'text.primary',
                bgcolor: 'background.paper',
              }}
            >
              {group.translated ? translate(group.title) : group.title}
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, ml: 1 }}>
                {translate('app.work.task_count', { smart_count: group.tasks.length })}
              </Box>
            </ListSubheader>
          }
        >
          {group.tasks.map((task) => (
            <TaskLine
              key={task.taskId}
              task={task}
              overdue={dueBucket(task.endTime, now) === 'overdue' && task.status !== 'finished'}
              pending={pending === task.taskId}
              onStep={step}
              showProject={layout.group !== 'project'}
            />
          ))}
        </List>
      ))}
    </Box>
  );
};
