import { javascript } from '@codemirror/lang-javascript';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { BodyType, RequestBodySpec } from '@pmbok/runner';
import CodeMirror from '@uiw/react-codemirror';
import { useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { CASE_LIMITS } from './caseDraft';
import { formatBytes, prettyText } from './format';
import { KeyValueTable, readBase64 } from './KeyValueTable';

const TYPES: BodyType[] = ['none', 'json', 'form-data', 'x-www-form-urlencoded', 'raw', 'xml', 'binary'];
const EXTENSIONS = [javascript()];

export const DEFAULT_MEDIA: Partial<Record<BodyType, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  raw: 'text/plain',
  binary: 'application/octet-stream',
};

/** The request body: its kind, then fields (forms), a code editor (JSON, XML, raw) or a file (binary). */
export function BodyEditor({
  body,
  readOnly,
  onChange,
}: {
  body: RequestBodySpec;
  readOnly: boolean;
  onChange(body: RequestBodySpec): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.request.${key}`, options);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = body.type === 'form-data' || body.type === 'x-www-form-urlencoded';
  const text = body.type === 'json' || body.type === 'xml' || body.type === 'raw';

  const setType = (type: BodyType) => {
    // the media type follows the kind unless someone wrote their own
    const custom = body.mediaType && body.mediaType !== DEFAULT_MEDIA[body.type];
    onChange({ ...body, type, mediaType: custom ? body.mediaType : undefined, fields: body.fields ?? [] });
  };
  const pickBinary = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CASE_LIMITS.fileBytes) {
      notify('app.knowledge.tests.request.file_too_big', { type: 'warning', messageArgs: { max: 5 } });
      return;
    }
    onChange({ ...body, base64: await readBase64(file), mediaType: body.mediaType || file.type || undefined });
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={body.type}
          disabled={readOnly}
          onChange={(_event, value: BodyType | null) => value && setType(value)}
          aria-label={translate('app.knowledge.tests.request.tabs.body')}
          sx={{ flexWrap: 'wrap' }}
        >
          {TYPES.map((type) => (
            <ToggleButton key={type} value={type} sx={{ textTransform: 'none', px: 1.25, py: 0.25 }}>
              {t(`body_types.${type.replace(/-/g, '_')}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {body.type !== 'none' && body.type !== 'form-data' && (
          <TextField
            size="small"
            variant="standard"
            label={t('media_type')}
            value={body.mediaType ?? ''}
            placeholder={DEFAULT_MEDIA[body.type] ?? 'application/x-www-form-urlencoded'}
            disabled={readOnly}
            onChange={(event) => onChange({ ...body, mediaType: event.target.value || undefined })}
            sx={{ width: 240 }}
          />
        )}
        <Box sx={{ flex: 1 }} />
        {body.type === 'json' && !readOnly && (
          <Button size="small" onClick={() => onChange({ ...body, raw: prettyText(body.raw ?? '') })}>
            {t('format_json')}
          </Button>
        )}
      </Stack>
      {body.type === 'none' && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('body_none')}
        </Typography>
      )}
      {form && (
        <KeyValueTable
          rows={body.fields ?? []}
          readOnly={readOnly}
          files={body.type === 'form-data'}
          label={translate('app.knowledge.tests.request.tabs.body')}
          onChange={(fields) => onChange({ ...body, fields })}
          testId="case-body-fields"
        />
      )}
      {text && (
        <Box
          data-testid="case-body-text"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            '& .cm-editor': { fontSize: 13 },
          }}
        >
          <CodeMirror
            value={body.raw ?? ''}
            onChange={(raw) => onChange({ ...body, raw })}
            extensions={body.type === 'json' ? EXTENSIONS : []}
            editable={!readOnly}
            readOnly={readOnly}
            minHeight="160px"
            maxHeight="420px"
            basicSetup={{ foldGutter: body.type === 'json' }}
            aria-label={translate('app.knowledge.tests.request.tabs.body')}
          />
        </Box>
      )}
      {body.type === 'binary' && (
        <Stack direction="row" spacing={1.5} alignItems="center">
          <Button
            variant="outlined"
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={readOnly}
            onClick={() => fileInput.current?.click()}
          >
            {t('choose_file')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {body.base64 ? formatBytes(Math.round((body.base64.length * 3) / 4)) : t('binary_hint')}
          </Typography>
          <input
            ref={fileInput}
            type="file"
            hidden
            onChange={(event) => {
              void pickBinary(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Stack>
      )}
    </Stack>
  );
}
