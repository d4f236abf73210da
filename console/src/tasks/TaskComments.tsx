import SendIcon from '@mui/icons-material/Send';
import { Avatar, Box, Button, TextField, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RichTextField, useTranslate } from 'react-admin';
import { formatMinute } from '../utils/formatTime';
import { plainTextToHtml } from './richText';
import { type Comment, type Page, taskCall, taskKeys } from './taskApi';
import { useTaskCall } from './useTaskCall';

const PAGE_SIZE = 20;

/** Pages of a task's comments or log, oldest first, with "more" while pages remain. */
export function usePagedTaskList<T>(projectId: number, taskId: number, call: 'taskComments' | 'taskLogs') {
  return useInfiniteQuery({
    queryKey: [...taskKeys.task(projectId, taskId), call],
    queryFn: ({ pageParam }) => taskCall<Page<T>>(call, { projectId, taskId, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}

export const PersonLine = ({ name, time }: { name: string; time: number }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <Avatar sx={{ width: 24, height: 24, fontSize: 12 }}>{[...(name || '?')][0]}</Avatar>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {name}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {formatMinute(time)}
    </Typography>
  </Box>
);

/** A task's comments and the box to add one (allowed on a closed task too, while the project is active). */
export const TaskComments = ({
  projectId,
  taskId,
  canComment,
}: {
  projectId: number;
  taskId: number;
  canComment: boolean;
}) => {
  const translate = useTranslate();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = usePagedTaskList<Comment>(
    projectId,
    taskId,
    'taskComments',
  );
  const { send, pending } = useTaskCall(projectId, taskId);
  const [text, setText] = useState('');
  const comments = data?.pages.flatMap((page) => page.list) ?? [];

  const submit = async () => {
    if (await send('comment', { content: plainTextToHtml(text) }, 'app.task.comments.sent')) setText('');
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="task-comments">
      {comments.map((comment) => (
        <Box key={comment.commentId} data-testid="comment">
          <PersonLine name={comment.userName} time={comment.createdAt} />
          <Box sx={{ pl: 4, fontSize: 14, '& p': { my: 0.25 } }}>
            <RichTextField record={comment} source="content" />
          </Box>
        </Box>
      ))}
      {!comments.length && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.task.comments.none')}
        </Typography>
      )}
      {hasNextPage && (
        <Button size="small" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {translate('app.task.more')}
        </Button>
      )}
      {canComment && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            fullWidth
            multiline
            minRows={2}
            size="small"
            name="comment"
            placeholder={translate('app.task.comments.placeholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Button
            variant="contained"
            endIcon={<SendIcon />}
            onClick={submit}
            disabled={pending || !text.trim()}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {translate('app.task.comments.send')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
