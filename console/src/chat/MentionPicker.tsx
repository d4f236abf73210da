import { ListItemAvatar, ListItemText, MenuItem, MenuList, Paper, Popper, Typography } from '@mui/material';
import { type KeyboardEvent, type RefObject, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { mentionQuery } from './messageText';

/** Someone who can be @mentioned: the name they are shown by. */
export interface MentionMember {
  userId: number;
  name: string;
  avatar?: string;
}

interface MentionOptions {
  /** Who may be mentioned (the server refuses anyone else); `me` is left out. */
  members: MentionMember[];
  me: number;
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The @ picker of a plain text box (the chat composer, a task comment): typing `@` after a space opens the members
 * whose name holds what follows, arrows move, Enter/Tab or a click picks (`@name ` goes into the text), Esc closes.
 * `picked` keeps who was chosen, so the text's `@name`s can be told apart from an `@` typed by hand.
 */
export function useMentionPicker({ members, me, text, setText, input }: MentionOptions) {
  const [picked, setPicked] = useState<MentionMember[]>([]);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [highlight, setHighlight] = useState(0);

  const candidates = mention
    ? members.filter((m) => m.userId !== me && m.name.toLowerCase().includes(mention.query.toLowerCase())).slice(0, 8)
    : [];

  /** After every change of the text: the caret decides whether a mention is being typed. */
  const track = (value: string, caret: number) => {
    setMention(mentionQuery(value, caret));
    setHighlight(0);
  };

  const pick = (member: MentionMember) => {
    if (!mention) return;
    const caret = mention.start + 1 + mention.query.length;
    const inserted = `@${member.name} `;
    const next = text.slice(0, mention.start) + inserted + text.slice(caret);
    setText(next);
    setPicked((list) => (list.some((m) => m.userId === member.userId) ? list : [...list, member]));
    setMention(null);
    const at = mention.start + inserted.length;
    requestAnimationFrame(() => {
      const box = input.current;
      if (!box) return;
      box.focus();
      // Only while the box holds what the pick wrote: keys typed since then have put the caret where it belongs.
      if (box.value === next) box.setSelectionRange(at, at);
    });
  };

  /** The picker's keys; true when the key was its own (the box must not also send on that Enter). */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (event.nativeEvent.isComposing || !mention) return false;
    if (event.key === 'Escape') {
      // only the picker closes, not a drawer or dialog around the box
      event.stopPropagation();
      setMention(null);
      return true;
    }
    if (candidates.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((index) => (index + step + candidates.length) % candidates.length);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(candidates[highlight] ?? (candidates[0] as MentionMember));
      return true;
    }
    return false;
  };

  return {
    picked,
    open: Boolean(mention),
    candidates,
    highlight,
    track,
    pick,
    onKeyDown,
    /** The box lost focus: close (late enough for a click on an option to land first). */
    onBlur: () => setTimeout(() => setMention(null), 150),
    /** After sending: nothing picked, nothing open. */
    reset: () => {
      setPicked([]);
      setMention(null);
    },
  };
}

type MentionState = ReturnType<typeof useMentionPicker>;

/** The list under (or over) the text box; `testId` names it and its options (`<testId>-picker`, `<testId>-option`). */
export const MentionPicker = ({
  state,
  anchor,
  placement = 'top-start',
  label,
  testId,
}: {
  state: MentionState;
  anchor: HTMLElement | null;
  placement?: 'top-start' | 'bottom-start';
  /** What the list is, for a screen reader. */
  label?: string;
  testId: string;
}) => {
  const translate = useTranslate();
  return (
    <Popper
      open={state.open && Boolean(anchor)}
      anchorEl={anchor}
      placement={placement}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
    >
      <Paper elevation={6} sx={{ minWidth: 220, maxHeight: 280, overflowY: 'auto' }} data-testid={`${testId}-picker`}>
        {state.candidates.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.25 }}>
            {translate('app.chat.mention_none')}
          </Typography>
        ) : (
          <MenuList dense role="listbox" aria-label={label}>
            {state.candidates.map((member, index) => (
              <MenuItem
                key={member.userId}
                selected={index === state.highlight}
                role="option"
                aria-selected={index === state.highlight}
                // before the text box's blur closes the picker
                onMouseDown={(event) => {
                  event.preventDefault();
                  state.pick(member);
                }}
                data-testid={`${testId}-option`}
              >
                <ListItemAvatar sx={{ minWidth: 36 }}>
                  <PersonAvatar id={member.userId} name={member.name} src={member.avatar} size={24} />
                </ListItemAvatar>
                <ListItemText primary={member.name} />
              </MenuItem>
            ))}
          </MenuList>
        )}
      </Paper>
    </Popper>
  );
};
