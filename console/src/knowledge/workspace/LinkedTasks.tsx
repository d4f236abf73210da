import AddLinkIcon from '@mui/icons-material/AddLink';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { BoardColumn, Task, TaskProject } from '@pmbok/api-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { request } from '../../api/request';
import { TaskStatusChip } from '../../tasks/StatusChips';
import type { TaskStatus } from '../../tasks/taskApi';
import { type DocDetail, docKeys, type LinkedTask, linkTask, unlinkTask } from '../docApi';
import { isLocalKnowledge } from '../transport';

/** The document's linked tasks (as far as the viewer may see them) with status and assignee; writers link more. */
export default function LinkedTasks({ detail, canWrite }: { detail: DocDetail; canWrite: boolean }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { projectId, projectStructureId } = detail;
  const refresh = () => queryClient.invalidateQueries({ queryKey: docKeys.doc(projectId, projectStructureId) });
  const unlink = useMutation({
    mutationFn: (task: LinkedTask) => unlinkTask(projectId, projectStructureId, task),
    onSuccess: refresh,
  });

  // a local project (knowledge/local) has no team whose tasks it could link
  if (isLocalKnowledge()) return null;
  return (
    <Box component="section" aria-labelledby="linked-tasks-title">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography id="linked-tasks-title" variant="subtitle1" fontWeight={600}>
          {translate('app.knowledge.doc.linked_tasks')}
        </Typography>
        {canWrite && (
          <Button size="small" startIcon={<AddLinkIcon />} onClick={() => setOpen(true)}>
            {translate('app.knowledge.doc.link_task')}
          </Button>
        )}
      </Stack>
      {detail.linkedTasks.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.knowledge.doc.no_linked_tasks')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {detail.linkedTasks.map((task) => (
            <ListItem
              key={`${task.taskProjectId}-${task.taskId}`}
              divider
              secondaryAction={
                canWrite && (
                  <Tooltip title={translate('app.knowledge.doc.unlink_task')}>
                    <IconButton
                      edge="end"
                      aria-label={translate('app.knowledge.doc.unlink_task')}
                      onClick={() => unlink.mutate(task)}
                    >
                      <LinkOffIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemText
                primary={task.name}
                secondary={`${task.projectName} · ${task.assigneeName || translate('app.knowledge.doc.unassigned')}`}
              />
              <Box sx={{ mr: canWrite ? 4 : 0 }}>
                <TaskStatusChip status={task.status as TaskStatus} />
              </Box>
            </ListItem>
          ))}
        </List>
      )}
      {open && (
        <LinkTaskDialog
          onClose={() => setOpen(false)}
          onLink={async (task) => {
            await linkTask(projectId, projectStructureId, task);
            await refresh();
            setOpen(false);
          }}
        />
      )}
    </Box>
  );
}

/** Picks one of the caller's task projects, then one of its tasks. */
function LinkTaskDialog(props: { onClose(): void; onLink(task: { taskProjectId: number; taskId: number }): void }) {
  const translate = useTranslate();
  const [taskProjectId, setTaskProjectId] = useState(0);
  const [task, setTask] = useState<Task | null>(null);
  const projects = useQuery({
    queryKey: ['knowledgeDocs', 'taskProjects'],
    queryFn: () => request<TaskProject[]>('task/userProject'),
  });
  const tasks = useQuery({
    queryKey: ['knowledgeDocs', 'taskProjects', taskProjectId],
    queryFn: () => request<BoardColumn[]>('task/projectTask', { projectId: taskProjectId }),
    enabled: taskProjectId > 0,
    select: (columns) => columns.flatMap((column) => column.tasks),
  });
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="link-task-title">
      <DialogTitle id="link-task-title">{translate('app.knowledge.doc.link_task')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label={translate('app.knowledge.doc.task_project')}
            value={taskProjectId || ''}
            onChange={(event) => {
              setTaskProjectId(Number(event.target.value));
              setTask(null);
            }}
          >
            {(projects.data ?? []).map((project) => (
              <MenuItem key={project.taskProjectId} value={project.taskProjectId}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
          <Autocomplete
            options={tasks.data ?? []}
            value={task}
            onChange={(_, value) => setTask(value)}
            getOptionLabel={(option) => option.name}
            getOptionKey={(option) => option.taskId}
            disabled={!taskProjectId}
            loading={tasks.isFetching}
            renderInput={(params) => <TextField {...params} label={translate('app.knowledge.doc.task')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!task}
          onClick={() => task && props.onLink({ taskProjectId, taskId: task.taskId })}
        >
          {translate('app.knowledge.doc.link')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
