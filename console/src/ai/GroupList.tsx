import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, List, ListItemButton, TextField, Tooltip, Typography } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useRelativeTime } from '../utils/useRelativeTime';
import type { UiGroup } from './useGroups';

/** docs/api/ai.md: a group's name has 1-50 characters. */
const NAME_MAX = 50;

/**
 * What is being done to the groups: the one being renamed (with the name typed so far) and the one whose deletion
 * is being confirmed. Held by the dialog, not the list: the list is drawn inline on a wide screen and in a drawer
 * on a phone, and turning the phone must not lose a rename or a confirmation under way.
 */
export function useGroupEditing() {
  const [renaming, setRenaming] = useState<{ key: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<UiGroup | null>(null);
  return { renaming, setRenaming, deleting, setDeleting };
}
export type GroupEditing = ReturnType<typeof useGroupEditing>;

interface GroupListProps {
  groups: UiGroup[];
  currentKey?: string;
  /** While an answer streams the conversation stays where it is. */
  locked: boolean;
  editing: GroupEditing;
  onSelect: (key: string) => void;
  onNew: () => void;
  onRename: (group: UiGroup, name: string) => Promise<void>;
}

interface RenameFieldProps {
  group: UiGroup;
  name: string;
  onChange: (name: string) => void;
  onDone: (name: string | null) => void;
}

/** The name field of a group being renamed: Enter or leaving it saves, Escape gives up. */
const RenameField = ({ group, name, onChange, onDone }: RenameFieldProps) => {
  const translate = useTranslate();
  const trimmed = name.trim();
  const error = !trimmed ? 'app.ai.name_required' : trimmed.length > NAME_MAX ? 'app.ai.name_too_long' : '';
  const finish = () => onDone(error || trimmed === group.name ? null : trimmed);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) finish();
    if (event.key === 'Escape') {
      event.stopPropagation(); // the dialog stays open
      onDone(null);
    }
  };
  return (
    <TextField
      autoFocus
      size="small"
      fullWidth
      value={name}
      onChange={(event) => onChange(event.target.value)}
      onBlur={finish}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
      error={Boolean(error)}
      helperText={error ? translate(error) : undefined}
      slotProps={{ htmlInput: { 'aria-label': translate('app.ai.rename_label'), 'data-testid': 'ai-rename-input' } }}
    />
  );
};

/** SPEC §2.4: the chat groups at the left, newest first, each with its last question and when. */
export const GroupList = (props: GroupListProps) => {
  const { groups, currentKey, locked, editing, onSelect, onNew, onRename } = props;
  const { renaming, setRenaming, setDeleting } = editing;
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  const nameOf = (group: UiGroup) => group.name || translate('app.ai.default_name');

  const rename = async (group: UiGroup, name: string | null) => {
    setRenaming(null);
    if (name) await onRename(group, name).catch(() => undefined);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }} data-testid="ai-groups">
      <Box sx={{ p: 1.5 }}>
        <Button fullWidth variant="outlined" startIcon={<AddIcon />} onClick={onNew} disabled={locked}>
          {translate('app.ai.new_group')}
        </Button>
      </Box>
      <List dense sx={{ flex: 1, overflowY: 'auto', px: 1, py: 0 }} aria-label={translate('app.ai.groups')}>
        {groups.map((group) => {
          const selected = group.key === currentKey;
          return (
            <ListItemButton
              key={group.key}
              selected={selected}
              disabled={locked && !selected}
              onClick={() => onSelect(group.key)}
              data-testid="ai-group"
              data-group-id={group.aiChatGroupId}
              sx={{
                borderRadius: 1.5,
                mb: 0.5,
                alignItems: 'flex-start',
                flexDirection: 'column',
                gap: 0.25,
                py: 1,
                '&.Mui-selected': { bgcolor: 'action.selected' },
                '& .group-actions': { visibility: selected ? 'visible' : 'hidden' },
                '&:hover .group-actions, &:focus-within .group-actions': { visibility: 'visible' },
              }}
            >
              {renaming?.key === group.key ? (
                <RenameField
                  group={group}
                  name={renaming.name}
                  onChange={(name) => setRenaming({ key: group.key, name })}
                  onDone={(name) => rename(group, name)}
                />
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', width: '100%', gap: 0.5, minHeight: 24 }}>
                  <Typography
                    variant="body2"
                    noWrap
                    sx={{ flex: 1, fontWeight: selected ? 600 : 500 }}
                    title={nameOf(group)}
                  >
                    {nameOf(group)}
                  </Typography>
                  <Box className="group-actions" sx={{ display: 'flex', flexShrink: 0 }}>
                    {group.aiChatGroupId > 0 && (
                      <Tooltip title={translate('app.ai.rename')}>
                        <IconButton
                          size="small"
                          aria-label={translate('app.ai.rename')}
                          disabled={locked}
                          onClick={(event) => {
                            event.stopPropagation();
                            setRenaming({ key: group.key, name: group.name });
                          }}
                          sx={{ p: 0.25 }}
                        >
                          <EditOutlinedIcon sx={{ fontSize: 16 }} />
                        </IconButton>
                      </Tooltip>
                    )}
                    <Tooltip title={translate('app.ai.delete')}>
                      <IconButton
                        size="small"
                        aria-label={translate('app.ai.delete')}
                        disabled={locked}
                        onClick={(event) => {
                          event.stopPropagation();
                          setDeleting(group);
                        }}
                        sx={{ p: 0.25 }}
                      >
                        <DeleteOutlineIcon sx={{ fontSize: 16 }} />
                      </IconButton>
                    </Tooltip>
                  </Box>
                </Box>
              )}
              <Box sx={{ display: 'flex', width: '100%', gap: 1, color: 'text.secondary' }}>
                <Typography variant="caption" noWrap sx={{ flex: 1 }} data-testid="ai-group-last">
                  {group.lastQuestion || translate('app.ai.no_question')}
                </Typography>
                {group.updatedTime > 0 && (
                  <Typography variant="caption" sx={{ flexShrink: 0 }} data-testid="ai-group-time">
                    {formatRelative(group.updatedTime)}
                  </Typography>
                )}
              </Box>
            </ListItemButton>
          );
        })}
      </List>
    </Box>
  );
};

/** Asks before a group is deleted; drawn once by the dialog, whichever list asked. */
export const DeleteGroupConfirm = ({
  editing,
  onDelete,
}: {
  editing: GroupEditing;
  onDelete: (group: UiGroup) => Promise<void>;
}) => {
  const translate = useTranslate();
  const { deleting, setDeleting } = editing;
  const [busy, setBusy] = useState(false);
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await onDelete(deleting);
      setDeleting(null);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Confirm
      isOpen={Boolean(deleting)}
      loading={busy}
      title="app.ai.delete_title"
      content="app.ai.delete_content"
      translateOptions={{ name: deleting ? deleting.name || translate('app.ai.default_name') : '' }}
      confirm="app.ai.delete"
      confirmColor="warning"
      onConfirm={confirmDelete}
      onClose={() => setDeleting(null)}
      // above the phone's drawer of groups, which sits above the dialog
      sx={{ zIndex: (theme) => theme.zIndex.modal + 2 }}
    />
  );
};
