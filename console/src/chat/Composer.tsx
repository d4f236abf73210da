import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, IconButton, TextField, Tooltip, useMediaQuery } from '@mui/material';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_IMAGE_BYTES, uploadImage } from '../api/upload';
import { MentionPicker, useMentionPicker } from './MentionPicker';
import type { ChatMember } from './members';
import { mentionedIds } from './messageText';

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
  const input = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const lastTyping = useRef(0);
  const narrow = useMediaQuery('(max-width: 767.98px)');

  const mentions = useMentionPicker({ members, me, text, setText, input });

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const value = event.target.value;
    setText(value);
    mentions.track(value, event.target.selectionStart ?? value.length);
    const now = Date.now();
    if (value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const send = async () => {
    const content = text.trim();
    if ((!content && images.length === 0) || uploading) return;
    const ids = mentionedIds(content, mentions.picked);
    const sentImages = images;
    setText('');
    setImages([]);
    mentions.reset();
    lastTyping.current = 0;
    await onSend(content, ids, sentImages);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // an IME choosing characters uses Enter itself
    if (event.nativeEvent.isComposing) return;
    if (mentions.onKeyDown(event)) return;
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
          onBlur={mentions.onBlur}
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
      <MentionPicker
        state={mentions}
        anchor={input.current}
        label={translate('app.chat.placeholder')}
        testId="chat-mention"
      />
    </Box>
  );
};
