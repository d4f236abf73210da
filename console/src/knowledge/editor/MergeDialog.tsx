import { javascript } from '@codemirror/lang-javascript';
import { MergeView } from '@codemirror/merge';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { basicSetup, EditorState, EditorView } from '@uiw/react-codemirror';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';

export interface MergeDialogProps {
  open: boolean;
  /** The user's unsaved text. */
  mine: string;
  /** The text of the newer version someone else saved. */
  theirs: string;
  theirsBy: string;
  /** When they saved (epoch ms). */
  theirsAt: number;
  /** The editable side's first text (a merge done for the user); mine when absent. */
  merged?: string;
  /** What the caller did already (an automatic merge and its conflicts), shown above the sides. */
  note?: string;
  /** json: highlight as JSON (API documents); text: plain (markdown pages). */
  language?: 'json' | 'text';
  /** A reason the merged text cannot be saved (JSON that does not parse …), shown instead of resolving. */
  validate?(merged: string): string | null;
  onCancel(): void;
  onResolve(merged: string): void;
}

const setup = basicSetup({ foldGutter: false, autocompletion: false, searchKeymap: true });
const theme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
});

/**
 * A save refused because someone saved first: their version (left, read only) beside the user's (right, editable:
 * it becomes the merged text). Differences are highlighted; an arrow copies one of their changes over. The user's
 * own text stays in `mine` whatever is done here, and "keep mine" brings it back.
 */
export const MergeDialog = ({
  open,
  mine,
  theirs,
  theirsBy,
  theirsAt,
  merged,
  note,
  language = 'text',
  validate,
  onCancel,
  onResolve,
}: MergeDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: object) => translate(`app.knowledge.editor.merge.${key}`, options);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const view = useRef<MergeView | null>(null);
  const [error, setError] = useState('');
  const chunkLabel = t('take_chunk');

  useEffect(() => {
    if (!open || !host) return;
    const extensions = [setup, theme, EditorView.lineWrapping, ...(language === 'json' ? [javascript()] : [])];
    const merge = new MergeView({
      a: {
        doc: theirs,
        extensions: [
          ...extensions,
          EditorState.readOnly.of(true),
          EditorView.editable.of(false),
          // The arrow between the sides copies their change over: named so in the user's language.
          EditorState.phrases.of({ 'Revert this chunk': chunkLabel }),
        ],
      },
      b: { doc: merged ?? mine, extensions },
      parent: host,
      revertControls: 'a-to-b',
      highlightChanges: true,
      gutter: true,
    });
    view.current = merge;
    setError('');
    return () => {
      merge.destroy();
      view.current = null;
    };
  }, [open, host, mine, theirs, merged, language, chunkLabel]);

  const resolve = (merged: string) => {
    const problem = validate?.(merged) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    onResolve(merged);
  };
  const copyMine = async () => {
    await navigator.clipboard.writeText(mine);
    notify('app.knowledge.editor.merge.copied', { type: 'info' });
  };

  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xl" fullWidth aria-labelledby="merge-dialog-title">
      <DialogTitle id="merge-dialog-title">{t('title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Alert severity="warning">
          {t('explain', { name: theirsBy || t('someone'), time: formatMinute(theirsAt) })}
        </Alert>
        {note && <Alert severity="info">{note}</Alert>}
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          <Typography variant="subtitle2" color="text.secondary">
            {t('theirs', { name: theirsBy || t('someone'), time: formatMinute(theirsAt) })}
          </Typography>
          <Typography variant="subtitle2" color="primary">
            {t('mine')}
          </Typography>
        </Box>
        <Box
          ref={setHost}
          data-testid="merge-view"
          sx={{
            height: '60vh',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'auto',
            '& .cm-mergeView': { minHeight: '100%' },
            '& .cm-merge-revert button': { cursor: 'pointer' },
          }}
        />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={copyMine}>
          {t('copy_mine')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onCancel}>{t('later')}</Button>
        <Button variant="outlined" onClick={() => resolve(theirs)}>
          {t('take_theirs')}
        </Button>
        <Button variant="outlined" onClick={() => resolve(mine)}>
          {t('keep_mine')}
        </Button>
        <Button variant="contained" onClick={() => resolve(view.current?.b.state.doc.toString() ?? mine)}>
          {t('resolve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export default MergeDialog;
