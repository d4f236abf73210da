import TimerIcon from '@mui/icons-material/Timer';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ListIcon from '@mui/icons-material/ViewList';
import { Box, LinearProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Board } from './Board';
import { ProjectShell } from './ProjectShell';
import { TaskDrawer } from './TaskDrawer';
import { TaskFilterBar } from './TaskFilterBar';
import { TaskTable } from './TaskTable';
import { type TaskProject, useBoard, usePrefetchBoard } from './taskApi';
import { filterTasks, type TaskFilter } from './taskFilters';
import { WorkHourReport } from './WorkHourReport';

type View = 'board' | 'list' | 'record';
const VIEWS: { value: View; icon: typeof ListIcon }[] = [
  { value: 'board', icon: ViewKanbanIcon },
  { value: 'list', icon: ListIcon },
  { value: 'record', icon: TimerIcon },
];

/** /task/home/:projectId: the board, the list and the work-hour record; `?task=` opens a task in the drawer. */
const ProjectHomePage = () => {
  usePrefetchBoard(Number(useParams().projectId));
  return <ProjectShell page="home">{(project) => <ProjectHome project={project} />}</ProjectShell>;
};

const ProjectHome = ({ project }: { project: TaskProject }) => {
  const translate = useTranslate();
  const projectId = project.taskProjectId;
  const [params, setParams] = useSearchParams();
  const view = (VIEWS.some(({ value }) => value === params.get('view')) ? params.get('view') : 'board') as View;
  const taskId = Number(params.get('task')) || null;
  const [filter, setFilter] = useState<TaskFilter>({});
  const { data: columns, isPending } = useBoard(projectId);
  const tasks = useMemo(() => filterTasks(columns?.flatMap((column) => column.tasks) ?? [], filter), [columns, filter]);

  const update = (change: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      next.delete('isNew');
      return next;
    });
  const open = (id: number) => update({ task: String(id) });

  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: View | null) => next && update({ view: next === 'board' ? null : next })}
          aria-label={translate('app.task.views.label')}
        >
          {VIEWS.map(({ value, icon: Icon }) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.5, gap: 0.5 }}>
              <Icon fontSize="small" />
              {translate(`app.task.views.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {view !== 'record' && <TaskFilterBar members={project.members} filter={filter} onChange={setFilter} />}
      </Box>
      {isPending && <LinearProgress />}
      {columns && view === 'board' && <Board project={project} columns={columns} filter={filter} onOpen={open} />}
      {columns && view === 'list' && <TaskTable tasks={tasks} onOpen={open} />}
      {view === 'record' && <WorkHourReport projectId={projectId} />}
      <TaskDrawer project={project} taskId={taskId} onClose={() => update({ task: null })} />
    </>
  );
};

export default ProjectHomePage;
