import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import { Box, FormLabel, IconButton } from '@mui/material';
import { useEffect, useRef } from 'react';
import { type InputProps, useInput, useTranslate } from 'react-admin';

export const RICH_TEXT_HEIGHT = 360;

/** execCommand names, the message key of each button's name, and its icon. */
const COMMANDS = [
  ['bold', 'bold', FormatBoldIcon],
  ['italic', 'italic', FormatItalicIcon],
  ['underline', 'underline', FormatUnderlinedIcon],
  ['insertUnorderedList', 'bullet_list', FormatListBulletedIcon],
  ['insertOrderedList', 'ordered_list', FormatListNumberedIcon],
] as const;

/**
 * SPEC §3 content: rich text as HTML, 360 px high by default. A small editable area with basic formatting (the
 * server sanitises what it stores); no editor script from a CDN.
 */
export const RichTextInput = ({
  source,
  label,
  height = RICH_TEXT_HEIGHT,
}: InputProps & { label: string; height?: number }) => {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const editor = useRef<HTMLDivElement>(null);

  // The area is uncontrolled while typing; an outside change (a reset, another record) is written into it.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== (field.value ?? '')) element.innerHTML = field.value ?? '';
  }, [field.value]);

  const run = (command: string) => {
    editor.current?.focus();
    document.execCommand(command);
    field.onChange(editor.current?.innerHTML ?? '');
  };

  return (
    <Box>
      <FormLabel htmlFor={id} sx={{ display: 'block', mb: 0.5, fontSize: 13 }}>
        {translate(label)}
      </FormLabel>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
          {COMMANDS.map(([command, name, Icon]) => (
            <IconButton
              key={command}
              size="small"
              aria-label={translate(`app.list.rich_text.${name}`)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => run(command)}
            >
              <Icon fontSize="small" />
            </IconButton>
          ))}
        </Box>
        <Box
          ref={editor}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-label={translate(label)}
          contentEditable
          suppressContentEditableWarning
          onInput={(event) => field.onChange(event.currentTarget.innerHTML)}
          onBlur={field.onBlur}
          sx={{ height, overflowY: 'auto', p: 1.5, outline: 'none', '& p': { m: 0 } }}
        />
      </Box>
    </Box>
  );
};
