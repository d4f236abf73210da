import SearchIcon from '@mui/icons-material/Search';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  InputAdornment,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import type { ChatMember } from './members';

/** 新建私信: a team member to write to, found by name. */
export const DirectPicker = ({
  open,
  members,
  me,
  onClose,
  onPick,
}: {
  open: boolean;
  members: ChatMember[];
  me: number;
  onClose: () => void;
  onPick: (member: ChatMember) => void;
}) => {
  const translate = useTranslate();
  const [query, setQuery] = useState('');
  const others = members.filter((m) => m.userId !== me && m.name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="chat-direct-picker">
      <DialogTitle>{translate('app.chat.pick_member')}</DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          placeholder={translate('app.chat.search_member')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          sx={{ mt: 0.5 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {others.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate('app.chat.no_members')}
          </Typography>
        ) : (
          <List component="div" dense sx={{ maxHeight: 360, overflowY: 'auto', mt: 1 }}>
            {others.map((member) => (
              <ListItemButton key={member.userId} onClick={() => onPick(member)} data-testid="chat-direct-member">
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <PersonAvatar id={member.userId} name={member.name} src={member.avatar} size={32} />
                </ListItemAvatar>
                <ListItemText primary={member.name} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
};
