import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CloseIcon from '@mui/icons-material/Close';
import { Box, CircularProgress, FormLabel, IconButton } from '@mui/material';
import { useRef, useState } from 'react';
import { type InputProps, useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { valueList } from '../cellValue';
import { useUploads } from './uploads';

interface Pending {
  id: number;
  preview: string;
  percent: number;
}

/** A picked file until its url is in the value: `done` tells the form its upload no longer runs. */
interface Queued {
  id: number;
  preview: string;
  done: () => void;
  settled: boolean;
  url?: string;
}

const TILE = 96;
let nextId = 0;

/**
 * SPEC §3 image (one url) and album (a list of urls): files upload as soon as they are picked; the form refuses to
 * submit while any upload runs (see FormDialog).
 */
export const ImageUploadInput = ({ source, label, multiple }: InputProps & { label: string; multiple?: boolean }) => {
  const translate = useTranslate();
  const { upload, begin } = useUploads();
  const { getValues } = useFormContext();
  const { field, id } = useInput({ source, format: (value) => value ?? (multiple ? [] : '') });
  const [pending, setPending] = useState<Pending[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const urls = multiple ? valueList(field.value) : field.value ? [String(field.value)] : [];

  // Uploads in the order the files were picked; one that finishes early waits for those picked before it, so an
  // album keeps the order of the picking whichever upload the server answers first.
  const queue = useRef<Queued[]>([]);
  const flush = () => {
    let settled = 0;
    while (queue.current[settled]?.settled) settled += 1;
    if (settled === 0) return;
    const finished = queue.current.splice(0, settled);
    const added = finished.flatMap((entry) => (entry.url ? [entry.url] : []));
    if (added.length) field.onChange(multiple ? [...valueList(getValues(source)), ...added] : added.at(-1));
    for (const entry of finished) {
      entry.done();
      URL.revokeObjectURL(entry.preview);
    }
    setPending((list) => list.filter((item) => !finished.some((entry) => entry.id === item.id)));
  };

  const start = (file: File) => {
    const item = { id: nextId++, preview: URL.createObjectURL(file), percent: 0 };
    const entry: Queued = { id: item.id, preview: item.preview, done: begin(), settled: false };
    queue.current.push(entry);
    setPending((list) => [...list, item]);
    const progress = (percent: number) =>
      setPending((list) =>
        list.map((pendingItem) => (pendingItem.id === item.id ? { ...pendingItem, percent } : pendingItem)),
      );
    upload(file, progress)
      .then(({ url }) => {
        entry.url = url;
      })
      .catch(() => undefined)
      .finally(() => {
        entry.settled = true;
        flush();
      });
  };
  const remove = (url: string) => field.onChange(multiple ? urls.filter((entry) => entry !== url) : '');

  return (
    <Box>
      <FormLabel htmlFor={id} sx={{ display: 'block', mb: 0.5, fontSize: 13 }}>
        {translate(label)}
      </FormLabel>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {urls.map((url) => (
          <Box key={url} sx={{ position: 'relative', width: TILE, height: TILE }}>
            <Box component="img" src={url} alt="" sx={{ width: 1, height: 1, objectFit: 'cover', borderRadius: 1 }} />
            <IconButton
              size="small"
              aria-label={translate('ra.action.remove')}
              onClick={() => remove(url)}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
            >
              <CloseIcon fontSize="inherit" />
            </IconButton>
          </Box>
        ))}
        {pending.map((item) => (
          <Box
            key={item.id}
            sx={{ position: 'relative', width: TILE, height: TILE, display: 'grid', placeItems: 'center' }}
          >
            <Box
              component="img"
              src={item.preview}
              alt=""
              sx={{
                position: 'absolute',
                inset: 0,
                width: 1,
                height: 1,
                objectFit: 'cover',
                opacity: 0.4,
                borderRadius: 1,
              }}
            />
            {/* until the first progress event a determinate circle at 0 % would draw nothing */}
            <CircularProgress
              variant={item.percent > 0 ? 'determinate' : 'indeterminate'}
              value={item.percent}
              size={32}
            />
          </Box>
        ))}
        {(multiple || (urls.length === 0 && pending.length === 0)) && (
          <Box
            component="button"
            type="button"
            id={id}
            onClick={() => picker.current?.click()}
            // the field's name too: a form with an image and an album has two of these buttons
            aria-label={`${translate(label)} · ${translate('app.list.upload_image')}`}
            sx={{
              width: TILE,
              height: TILE,
              border: '1px dashed',
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: 'transparent',
              cursor: 'pointer',
              color: 'text.secondary',
            }}
          >
            <AddPhotoAlternateIcon />
          </Box>
        )}
      </Box>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple={multiple}
        hidden
        onChange={(event) => {
          for (const file of Array.from(event.target.files ?? [])) start(file);
          event.target.value = '';
        }}
      />
    </Box>
  );
};
