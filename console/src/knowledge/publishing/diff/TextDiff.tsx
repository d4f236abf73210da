import { MergeView } from '@codemirror/merge';
import { Box } from '@mui/material';
import { EditorState, EditorView, lineNumbers } from '@uiw/react-codemirror';
import { useEffect, useState } from 'react';

const theme = EditorView.theme({
  '&': { fontSize: '12.5px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});
const readOnly = [
  lineNumbers(),
  theme,
  EditorView.lineWrapping,
  EditorState.readOnly.of(true),
  EditorView.editable.of(false),
];

/**
 * Two texts side by side with the changed lines and characters marked (a page's markdown, a schema as JSON):
 * @codemirror/merge's view, read only, with long unchanged stretches folded so the change is what shows.
 */
export default function TextDiff({ before, after, label }: { before: string; after: string; label?: string }) {
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!host) return;
    const view = new MergeView({
      a: { doc: before, extensions: readOnly },
      b: { doc: after, extensions: readOnly },
      parent: host,
      highlightChanges: true,
      gutter: true,
      collapseUnchanged: { margin: 2, minSize: 6 },
    });
    return () => view.destroy();
  }, [host, before, after]);
  return (
    <Box
      ref={setHost}
      role="group"
      aria-label={label}
      data-testid="text-diff"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: 420,
        '& .cm-mergeView': { minWidth: 0 },
      }}
    />
  );
}
