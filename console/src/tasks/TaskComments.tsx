import SendIcon from '@mui/icons-material/Send';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { RichTextField, useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { MentionPicker, useMentionPicker } from '../chat/MentionPicker';
import { useSessionUser } from '../session/session';
import { formatMinute } from '../utils/formatTime';
import { plainTextToHtml } from './richText';
import { type Comment, type Page, type ProjectMember, taskCall, taskKeys } from './taskApi';
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

export const PersonLine = ({ name, time, userId }: { name: string; time: number; userId?: number }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <PersonAvatar id={userId} name={name} size={24} />
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {name}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {formatMinute(time)}
    </Typography>
  </Box>
);

/** A mention the task service kept in a comment (`<span data-mention-id>`), marked like one in a chat message. */
const mentionLook = {
  color: 'primary.main',
  bgcolor: 'action.selected',
  borderRadius: 0.5,
  px: 0.25,
  fontWeight: 600,
} as const;

/**
 * A task's comments and the box to add one (allowed on a closed task too, while the project is active). `@` in the
 * box picks a project member to mention; the comment carries the mention markup and the member is told.
 */
export const TaskComments = ({
  projectId,
  taskId,
  canComment,
  members,
}: {
  projectId: number;
  taskId: number;
  canComment: boolean;
  members: ProjectMember[];
}) => {
  const translate = useTranslate();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = usePagedTaskList<Comment>(
    projectId,
    taskId,
    'taskComments',
  );
  const { send, pending } = useTaskCall(projectId, taskId);
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const me = Number(useSessionUser()?.userId ?? 0);
  const mentions = useMentionPicker({ members, me, text, setText, input });
  const comments = data?.pages.flatMap((page) => page.list) ?? [];

  const submit = async () => {
    if (await send('comment', { content: plainTextToHtml(text, mentions.picked) }, 'app.task.comments.sent')) {
      setText('');
      mentions.reset();
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    mentions.track(event.target.value, event.target.selectionStart ?? event.target.value.length);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="task-comments">
      {comments.map((comment) => (
        <Box key={comment.commentId} data-testid="comment">
          <PersonLine userId={comment.userId} name={comment.userName} time={comment.createdAt} />
          <Box sx={{ pl: 4, fontSize: 14, '& p': { my: 0.25 }, '& span[data-mention-id]': mentionLook }}>
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
            onChange={onChange}
            // Enter stays a new line in a comment; the picker takes it (and the arrows, Tab, Esc) while open
            onKeyDown={mentions.onKeyDown}
            onBlur={mentions.onBlur}
            inputRef={input}
            slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': translate('app.task.comments.placeholder') } }}
          />
          <MentionPicker
            state={mentions}
            anchor={input.current}
            label={translate('app.task.comments.mention')}
            testId="task-mention"
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
