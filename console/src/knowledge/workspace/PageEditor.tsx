import ImageIcon from '@mui/icons-material/Image';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_IMAGE_BYTES, uploadImage } from '../../api/upload';
import { conflictOf, type DocDetail, docKeys, saveDoc } from '../docApi';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';
import { localImage } from '../local/localImage';
import { isLocalKnowledge } from '../transport';
import MarkdownView from './MarkdownView';

const MergeDialog = lazy(() => import('../editor/MergeDialog'));

interface Conflict {
  message: string;
  current: DocDetail;
}

/** Inserts `text` at the textarea's caret (or over its selection) and returns the new value. */
function insertAtCaret(area: HTMLTextAreaElement | null, value: string, text: string): string {
  const start = area?.selectionStart ?? value.length;
  const end = area?.selectionEnd ?? value.length;
  return `${value.slice(0, start)}${text}${value.slice(end)}`;
}

/**
 * A markdown page: the text beside its rendered preview, images uploaded and inserted as `![](url)`, saved on the
 * version it was opened at. A refused save (someone saved first) keeps the user's text and opens the merge dialog.
 */
export default function PageEditor(props: {
  detail: DocDetail;
  onClose(): void;
  onDirtyChange?(dirty: boolean): void;
}) {
  const { detail, onClose, onDirtyChange } = props;
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const original = detail.page?.markdown ?? '';
  const [text, setText] = useState(original);
  const [baseVersion, setBaseVersion] = useState(detail.version);
  const [saved, setSaved] = useState(original);
  const [saving, setSaving] = useState(false);
  const [upload, setUpload] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [merging, setMerging] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const dirty = text !== saved;
  useUnsavedGuard(dirty);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const save = async (markdown: string, version: number) => {
    setSaving(true);
    try {
      const answer = await saveDoc(detail.projectId, detail.projectStructureId, version, { markdown });
      setSaved(markdown);
      setBaseVersion(answer.version);
      setConflict(null);
      notify('app.knowledge.doc.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: docKeys.doc(detail.projectId, detail.projectStructureId) });
    } catch (error) {
      const refused = conflictOf(error);
      if (refused) {
        setConflict({ message: refused.message, current: refused.conflict.current });
        setMerging(true);
      }
    } finally {
      setSaving(false);
    }
  };

  const addImages = async (files: File[]) => {
    for (const image of files.filter((f) => f.type.startsWith('image/'))) {
      if (image.size > MAX_IMAGE_BYTES) {
        notify('app.knowledge.doc.image_too_big', { type: 'warning' });
        continue;
      }
      setUpload(0);
      try {
        // local mode (knowledge/local) keeps the image in the page: there is no server to upload it to
        const { url } = await (isLocalKnowledge() ? localImage(image) : uploadImage(image, setUpload));
        const alt = image.name.replace(/[[\]]/g, '');
        setText((value) => insertAtCaret(area.current, value, `![${alt}](${url})\n`));
      } catch {
        // uploadImage has told the user
      } finally {
        setUpload(null);
      }
    }
  };

  return (
    <Box data-testid="page-editor" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
          {detail.name}
        </Typography>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          multiple
          data-testid="page-image-input"
          onChange={(event) => {
            void addImages([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Button startIcon={<ImageIcon />} onClick={() => file.current?.click()} disabled={upload !== null}>
          {translate('app.knowledge.doc.insert_image')}
        </Button>
        <Button onClick={onClose}>{translate(dirty ? 'ra.action.cancel' : 'app.knowledge.doc.close_editor')}</Button>
        <Button variant="contained" disabled={saving || !dirty} onClick={() => save(text, baseVersion)}>
          {translate('ra.action.save')}
        </Button>
      </Stack>
      {upload !== null && <LinearProgress variant="determinate" value={upload} sx={{ mb: 1 }} />}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => setMerging(true)}>
              {translate('app.knowledge.doc.compare_merge')}
            </Button>
          }
        >
          {conflict.message || translate('app.knowledge.doc.conflict')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ display: 'flex', minHeight: 360 }}>
          <Box
            component="textarea"
            ref={area}
            value={text}
            aria-label={translate('app.knowledge.doc.markdown')}
            placeholder={translate('app.knowledge.doc.markdown_placeholder')}
            onChange={(event: React.ChangeEvent<HTMLTextAreaElement>) => setText(event.target.value)}
            onPaste={(event: React.ClipboardEvent) => {
              const images = [...event.clipboardData.files].filter((f) => f.type.startsWith('image/'));
              if (images.length) {
                event.preventDefault();
                void addImages(images);
              }
            }}
            onKeyDown={(event: React.KeyboardEvent) => {
              if ((event.ctrlKey || event.metaKey) && event.key === 's') {
                event.preventDefault();
                if (dirty && !saving) void save(text, baseVersion);
              }
            }}
            sx={{
              flex: 1,
              resize: 'none',
              border: 0,
              outline: 0,
              p: 2,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: 13.5,
              lineHeight: 1.7,
              bgcolor: 'transparent',
              color: 'text.primary',
            }}
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, overflow: 'auto', minHeight: 360 }} data-testid="page-preview">
          {text.trim() ? (
            <MarkdownView markdown={text} />
          ) : (
            <Typography color="text.secondary">{translate('app.knowledge.doc.preview_empty')}</Typography>
          )}
        </Paper>
      </Box>
      {conflict && merging && (
        <Suspense fallback={null}>
          <MergeDialog
            open
            mine={text}
            theirs={conflict.current.page?.markdown ?? ''}
            theirsBy={conflict.current.updatedByName}
            theirsAt={conflict.current.updatedAt}
            language="text"
            // later: the text stays, and the next save meets the same conflict again
            onCancel={() => setMerging(false)}
            onResolve={(merged) => {
              setText(merged);
              setMerging(false);
              void save(merged, conflict.current.version);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
