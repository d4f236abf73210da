import CloseIcon from '@mui/icons-material/Close';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import {
  Box,
  CircularProgress,
  Dialog,
  Drawer,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { AskFrame } from '@pmbok/api-types';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConversationPane } from './ConversationPane';
import { DeleteGroupConfirm, GroupList, useGroupEditing } from './GroupList';
import { useSuggestions } from './Suggestions';
import { useGroups } from './useGroups';

/**
 * Under this width the group list leaves the conversation the whole screen and opens as a drawer. Which of the two
 * shows is CSS's to say, so the layout fits the screen in the very frame a phone turns: a layout picked in script
 * (useMediaQuery) waits for the media query's change event, a frame or more later.
 */
const NARROW = '(max-width: 767.98px)';
const ON_NARROW = `@media ${NARROW}`;
const ON_WIDE = '@media (min-width: 768px)';

/**
 * SPEC §2.4 "AI dialog": fullscreen, the chat groups at the left, the open group's messages and the question box
 * at the right. Its content lives only while it is open: closing it stops an answer under way.
 */
const AiDialogContent = ({ onClose }: { onClose: () => void }) => {
  const translate = useTranslate();
  const { groups, current, select, newGroup, rename, remove, asked } = useGroups();
  const [streaming, setStreaming] = useState(false);
  const suggestions = useSuggestions();
  const editing = useGroupEditing();
  const narrow = useMediaQuery(NARROW);
  const [drawer, setDrawer] = useState(false);
  // on a wide screen the list is beside the conversation: a drawer left open would cover it
  useEffect(() => {
    if (!narrow) setDrawer(false);
  }, [narrow]);
  const currentKey = current?.key;
  const onSaved = useCallback(
    (frame: AskFrame, question: string) => {
      if (currentKey) asked(currentKey, frame, question);
    },
    [asked, currentKey],
  );

  const groupList = groups ? (
    <GroupList
      groups={groups}
      currentKey={currentKey}
      locked={streaming}
      editing={editing}
      onSelect={(key) => {
        setDrawer(false);
        select(key);
      }}
      onNew={() => {
        setDrawer(false);
        newGroup();
      }}
      onRename={rename}
    />
  ) : (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress size={24} />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: 'background.default' }}>
      <Toolbar
        variant="dense"
        sx={{ gap: 1.25, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 52 }}
      >
        <Tooltip title={translate('app.ai.groups')}>
          <IconButton
            edge="start"
            onClick={() => setDrawer(true)}
            aria-label={translate('app.ai.groups')}
            sx={{ [ON_WIDE]: { display: 'none' } }}
          >
            <ForumOutlinedIcon />
          </IconButton>
        </Tooltip>
        <SmartToyOutlinedIcon color="primary" />
        <Typography id="ai-dialog-title" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('app.ai.title')}
        </Typography>
        <Tooltip title={translate('app.ai.close')}>
          <IconButton edge="end" onClick={onClose} aria-label={translate('app.ai.close')} data-testid="ai-close">
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Toolbar>
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {/* one tree at every width: turning a phone changes styles only, nothing is mounted afresh */}
        <Box
          component="nav"
          sx={{
            width: 280,
            flexShrink: 0,
            display: 'flex',
            flexDirection: 'column',
            borderRight: 1,
            borderColor: 'divider',
            bgcolor: 'background.paper',
            [ON_NARROW]: { display: 'none' },
          }}
        >
          {groupList}
        </Box>
        {current && (
          <ConversationPane
            key={current.key}
            groupId={current.aiChatGroupId}
            onSaved={onSaved}
            onStreaming={setStreaming}
            onNavigate={onClose}
            suggestions={suggestions}
          />
        )}
      </Box>
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        // a drawer sits below dialogs by default; this one opens from the dialog
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1, [ON_WIDE]: { display: 'none' } }}
        slotProps={{ paper: { sx: { width: 280 } } }}
        data-testid="ai-groups-drawer"
      >
        {groupList}
      </Drawer>
      <DeleteGroupConfirm editing={editing} onDelete={remove} />
    </Box>
  );
};

export default function AiDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-labelledby="ai-dialog-title" data-testid="ai-dialog">
      {/* the content unmounts once the dialog has closed (MUI's default), and is read afresh when it opens */}
      <AiDialogContent onClose={onClose} />
    </Dialog>
  );
}
