import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  ListItemAvatar,
  ListItemText,
  MenuItem,
  MenuList,
  Paper,
  Popper,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_IMAGE_BYTES, uploadImage } from '../api/upload';
import type { ChatMember } from './members';
import { mentionedIds, mentionQuery } from './messageText';

/** docs/api/messaging.md: at most 9 images a message, 5000 characters of text. */
export const MAX_IMAGES = 9;
export const MAX_LENGTH = 5000;
/** The server pushes typing at most once per 2 s per user and conversation: no point telling it more often. */
const TYPING_EVERY_MS = 2_000;

interface ComposerProps {
  members: ChatMember[];
  me: number;
  onSend: (content: string, mentionIds: number[], images: string[]) => Promise<boolean>;
  onTyping: () => void;
}

/** The box under a conversation: text with an @ member picker, images through the upload call, Enter sends. */
export const Composer = ({ members, me, onSend, onTyping }: ComposerProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [text, setText] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [picked, setPicked] = useState<ChatMember[]>([]);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [highlight, setHighlight] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const narrow = useMediaQuery('(max-width: 767.98px)');

  const candidates = mention
    ? members.filter((m) => m.userId !== me && m.name.toLowerCase().includes(mention.query.toLowerCase())).slice(0, 8)
    : [];

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.target.value;
    setText(value);
    setMention(mentionQuery(value, event.target.selectionStart ?? value.length));
    setHighlight(0);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const pick = (member: ChatMember) => {
    if (!mention) return;
    const caret = mention.start + 1 + mention.query.length;
    const inserted = `@${member.name} `;
    const value = text.slice(0, mention.start) + inserted + text.slice(caret);
    setText(value);
    setPicked((list) => (list.some((m) => m.userId === member.userId) ? list : [...list, member]));
    setMention(null);
    const at = mention.start + inserted.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
    });
  };

  const send = async () => {
    const content = text.trim();
    if ((!content && images.length === 0) || uploading) return;
    const ids = mentionedIds(content, picked);
    const sentImages = images;
    setText('');
    setImages([]);
    setPicked([]);
    setMention(null);
    lastTyping.current = 0;
    await onSend(content, ids, sentImages);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // an IME choosing characters uses Enter itself
    if (event.nativeEvent.isComposing) return;
    if (candidates.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((index) => (index + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(candidates[highlight] ?? (candidates[0] as ChatMember));
        return;
      }
      if (event.key === 'Escape') {
        setMention(null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const addImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MAX_IMAGES - images.length;
    if (files.length > room) notify('app.chat.too_many_images', { type: 'warning' });
    for (const chosen of files.slice(0, Math.max(0, room))) {
      if (chosen.size > MAX_IMAGE_BYTES) {
        notify('app.chat.image_too_big', { type: 'warning' });
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const { url } = await uploadImage(chosen, () => undefined);
        setImages((list) => (list.length < MAX_IMAGES ? [...list, url] : list));
      } catch {
        // the upload has shown why
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const empty = !text.trim() && images.length === 0;

  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 1.5, md: 2 }, py: 1.25, bgcolor: 'background.paper' }}>
      {(images.length > 0 || uploading > 0) && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }} data-testid="chat-composer-images">
          {images.map((src) => (
            <Box key={src} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={src}
                alt=""
                sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
              />
              <IconButton
                size="small"
                aria-label={translate('app.chat.remove_image')}
                onClick={() => setImages((list) => list.filter((url) => url !== src))}
                sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper', boxShadow: 1, p: 0.25 }}
              >
                <CloseIcon sx={{ fontSize: 14 }} />
              </IconButton>
            </Box>
          ))}
          {uploading > 0 && (
            <Box
              sx={{
                width: 56,
                height: 56,
                display: 'grid',
                placeItems: 'center',
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              <CircularProgress size={18} />
            </Box>
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <Tooltip title={translate('app.chat.add_image')}>
          <span>
            <IconButton
              onClick={() => file.current?.click()}
              disabled={images.length >= MAX_IMAGES}
              aria-label={translate('app.chat.add_image')}
              data-testid="chat-add-image"
            >
              <AddPhotoAlternateOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input
          ref={file}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={addImages}
          data-testid="chat-image-input"
        />
        <TextField
          fullWidth
          multiline
          maxRows={6}
          size="small"
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setMention(null), 150)}
          placeholder={translate(narrow ? 'app.chat.placeholder_short' : 'app.chat.placeholder')}
          inputRef={input}
          slotProps={{
            htmlInput: {
              maxLength: MAX_LENGTH,
              'data-testid': 'chat-input',
              'aria-label': translate('app.chat.placeholder'),
            },
          }}
        />
        <Button
          variant="contained"
          endIcon={<SendIcon />}
          onClick={() => void send()}
          disabled={empty || uploading > 0}
          data-testid="chat-send"
          sx={{ flexShrink: 0, whiteSpace: 'nowrap', height: 40 }}
        >
          {translate('app.chat.send')}
        </Button>
      </Box>
      <Popper
        open={Boolean(mention) && Boolean(input.current)}
        anchorEl={input.current}
        placement="top-start"
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
      >
        <Paper
          elevation={6}
          sx={{ minWidth: 220, maxHeight: 280, overflowY: 'auto' }}
          data-testid="chat-mention-picker"
        >
          {candidates.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.25 }}>
              {translate('app.chat.mention_none')}
            </Typography>
          ) : (
            <MenuList dense>
              {candidates.map((member, index) => (
                <MenuItem
                  key={member.userId}
                  selected={index === highlight}
                  // before the text box's blur closes the picker
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(member);
                  }}
                  data-testid="chat-mention-option"
                >
                  <ListItemAvatar sx={{ minWidth: 36 }}>
                    <Avatar src={member.avatar} sx={{ width: 24, height: 24, fontSize: 12 }}>
                      {[...member.name][0]}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={member.name} />
                </MenuItem>
              ))}
            </MenuList>
          )}
        </Paper>
      </Popper>
    </Box>
  );
};
