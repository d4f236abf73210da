import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import { Box, Button, IconButton, Paper, Tooltip } from '@mui/material';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

interface RichTextEditorProps {
  /** Sanitised HTML from the server (the server sanitises again whatever is saved). */
  value: string;
  disabled?: boolean;
  saving?: boolean;
  onSave: (html: string) => void;
}

type Command = { name: string; icon: ComponentType<{ fontSize?: 'small' }>; run: () => void };

const exec = (command: string, argument?: string) => document.execCommand(command, false, argument);

/** A contentEditable with a small toolbar (the commands the server keeps); Save appears once something changed. */
export const RichTextEditor = ({ value, disabled, saving, onSave }: RichTextEditorProps) => {
  const translate = useTranslate();
  const ref = useRef<HTMLDivElement>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (ref.current && !dirty) ref.current.innerHTML = value;
  }, [value, dirty]);

  const commands: Command[] = [
    { name: 'bold', icon: FormatBoldIcon, run: () => exec('bold') },
    { name: 'italic', icon: FormatItalicIcon, run: () => exec('italic') },
    { name: 'underline', icon: FormatUnderlinedIcon, run: () => exec('underline') },
    { name: 'bulleted', icon: FormatListBulletedIcon, run: () => exec('insertUnorderedList') },
    { name: 'numbered', icon: FormatListNumberedIcon, run: () => exec('insertOrderedList') },
    { name: 'quote', icon: FormatQuoteIcon, run: () => exec('formatBlock', 'blockquote') },
    {
      name: 'link',
      icon: LinkIcon,
      run: () => {
        const url = window.prompt(translate('app.task.editor.link_prompt'), 'https://');
        if (url && /^https?:\/\//.test(url)) exec('createLink', url);
      },
    },
  ];
  const apply = (command: Command) => {
    ref.current?.focus();
    command.run();
    setDirty(true);
  };
  const reset = () => {
    if (ref.current) ref.current.innerHTML = value;
    setDirty(false);
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      {!disabled && (
        <Box sx={{ display: 'flex', gap: 0.25, px: 0.5, py: 0.25, borderBottom: 1, borderColor: 'divider' }}>
          {commands.map((command) => (
            <Tooltip key={command.name} title={translate(`app.task.editor.${command.name}`)}>
              <IconButton
                size="small"
                aria-label={translate(`app.task.editor.${command.name}`)}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => apply(command)}
              >
                <command.icon fontSize="small" />
              </IconButton>
            </Tooltip>
          ))}
        </Box>
      )}
      <Box
        ref={ref}
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline
        aria-label={translate('app.task.fields.content')}
        data-placeholder={translate('app.task.editor.placeholder')}
        data-testid="content-editor"
        onInput={() => setDirty(true)}
        sx={{
          minHeight: 120,
          maxHeight: 360,
          overflowY: 'auto',
          p: 1.5,
          outline: 'none',
          fontSize: 14,
          '&:empty::before': { content: 'attr(data-placeholder)', color: 'text.disabled' },
          '& p': { my: 0.5 },
          '& blockquote': { borderLeft: 3, borderColor: 'divider', pl: 1.5, ml: 0, color: 'text.secondary' },
        }}
      />
      {dirty && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 1, borderTop: 1, borderColor: 'divider' }}>
          <Button size="small" onClick={reset}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={saving}
            onClick={() => {
              onSave(ref.current?.innerHTML ?? '');
              setDirty(false);
            }}
          >
            {translate('ra.action.save')}
          </Button>
        </Box>
      )}
    </Paper>
  );
};
