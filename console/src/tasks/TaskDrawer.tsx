import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Divider,
  Drawer,
  IconButton,
  LinearProgress,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import type { TaskDetail as TaskWithDocs } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FollowButton } from '../chat/FollowButton';
import { formatMinute } from '../utils/formatTime';
import { LinkedDocs } from './LinkedDocs';
import { RichTextEditor } from './RichTextEditor';
import { TaskStatusChip } from './StatusChips';
import { TaskActionButtons } from './TaskActionButtons';
import { TaskComments } from './TaskComments';
import { TaskFields } from './TaskFields';
import { TaskLogs } from './TaskLogs';
import { type Task, type TaskProject, taskCall, taskKeys } from './taskApi';
import { isTaskEditable } from './taskStatus';
import { useTaskCall } from './useTaskCall';

interface TaskDrawerProps {
  project: TaskProject;
  taskId: number | null;
  onClose: () => void;
}

/** The task on the right: every field, the actions its status allows, comments and the activity log. */
export const TaskDrawer = ({ project, taskId, onClose }: TaskDrawerProps) => (
  <Drawer
    anchor="right"
    open={taskId !== null}
    onClose={onClose}
    slotProps={{ paper: { sx: { width: { xs: '100%', md: 620 } }, 'data-testid': 'task-drawer' } as object }}
  >
    {taskId !== null && <TaskDetail key={taskId} project={project} taskId={taskId} onClose={onClose} />}
  </Drawer>
);

const TaskDetail = ({ project, taskId, onClose }: { project: TaskProject; taskId: number; onClose: () => void }) => {
  const translate = useTranslate();
  const projectId = project.taskProjectId;
  const { data: task, error } = useQuery({
    queryKey: taskKeys.task(projectId, taskId),
    queryFn: () => taskCall<TaskWithDocs>('taskDetail', { projectId, taskId }),
  });
  const [tab, setTab] = useState<'comments' | 'logs'>('comments');
  const { send, pending } = useTaskCall(projectId, taskId);

  if (error) return <Alert severity="error">{translate(error.message)}</Alert>;
  if (!task) return <LinearProgress />;
  const projectActive = project.status === 'active';
  const editable = projectActive && isTaskEditable(task.status);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <TaskName key={task.name} task={task} editable={editable} onSave={(name) => send('updateName', { name })} />
        <FollowButton kind="task" id={taskId} />
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <TaskStatusChip status={task.status} size="medium" />
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {translate('app.task.detail.in_flow', { flow: task.flowName })}
        </Typography>
        <TaskActionButtons task={task} disabled={!projectActive} />
      </Box>
      {task.status === 'closed' && <Alert severity="info">{translate('app.task.detail.closed')}</Alert>}
      <TaskFields key={task.updatedAt} task={task} members={project.members} editable={editable} />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {translate('app.task.fields.content')}
        </Typography>
        <RichTextEditor
          value={task.content}
          disabled={!editable}
          saving={pending}
          onSave={(content) => send('updateContent', { content }, 'app.task.detail.content_saved')}
        />
      </Box>
      <LinkedDocs docs={task.linkedDocs} />
      <Typography variant="caption" color="text.secondary">
        {translate('app.task.detail.created_by', { name: task.creatorName, time: formatMinute(task.createdAt) })}
      </Typography>
      <Divider />
      <Tabs value={tab} onChange={(_event, next) => setTab(next)}>
        <Tab value="comments" label={translate('app.task.detail.comments', { count: task.commentCount })} />
        <Tab value="logs" label={translate('app.task.detail.logs')} />
      </Tabs>
      {tab === 'comments' ? (
        <TaskComments projectId={projectId} taskId={taskId} canComment={projectActive} members={project.members} />
      ) : (
        <TaskLogs projectId={projectId} taskId={taskId} />
      )}
    </Box>
  );
};

const TaskName = ({ task, editable, onSave }: { task: Task; editable: boolean; onSave: (name: string) => void }) => {
  const translate = useTranslate();
  const [name, setName] = useState(task.name);
  const save = () => {
    if (name.trim() && name.trim() !== task.name) onSave(name.trim());
    else setName(task.name);
  };
  return (
    <TextField
      variant="standard"
      fullWidth
      multiline
      name="taskName"
      value={name}
      disabled={!editable}
      onChange={(event) => setName(event.target.value.replace(/\n/g, ''))}
      onBlur={save}
      onKeyDown={(event) => event.key === 'Enter' && (event.target as HTMLElement).blur()}
      slotProps={{
        htmlInput: { maxLength: 100, 'aria-label': translate('app.task.fields.name') },
        input: { disableUnderline: !editable, sx: { fontSize: 20, fontWeight: 600 } },
      }}
    />
  );
};
