import { Box, type SxProps, type Theme } from '@mui/material';
import { useMemo } from 'react';
import { renderMarkdown } from './markdown';

const markdownSx: SxProps<Theme> = {
  fontSize: 14,
  lineHeight: 1.75,
  color: 'text.primary',
  wordBreak: 'break-word',
  '& h1, & h2, & h3, & h4': { fontWeight: 600, lineHeight: 1.4, mt: 2.5, mb: 1 },
  '& h1': { fontSize: 24, pb: 1, borderBottom: 1, borderColor: 'divider' },
  '& h2': { fontSize: 20, pb: 0.5, borderBottom: 1, borderColor: 'divider' },
  '& h3': { fontSize: 16 },
  '& > :first-of-type': { mt: 0 },
  '& p': { my: 1 },
  '& a': { color: 'primary.main' },
  '& img': { maxWidth: '100%', borderRadius: 1 },
  '& code': { fontFamily: 'monospace', fontSize: 13, bgcolor: 'action.hover', borderRadius: 0.5, px: 0.5 },
  '& pre': { bgcolor: 'action.hover', p: 1.5, borderRadius: 1, overflowX: 'auto' },
  '& pre code': { bgcolor: 'transparent', p: 0 },
  '& blockquote': { m: 0, pl: 2, color: 'text.secondary', borderLeft: 4, borderColor: 'divider' },
  '& table': { borderCollapse: 'collapse', my: 1 },
  '& th, & td': { border: 1, borderColor: 'divider', px: 1.5, py: 0.75 },
  '& th': { bgcolor: 'action.hover' },
  '& ul, & ol': { pl: 3 },
};

/** Markdown rendered safely (scripts and handlers removed, see renderMarkdown). */
export default function MarkdownView({ markdown, sx }: { markdown: string; sx?: SxProps<Theme> }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <Box
      className="knowledge-markdown"
      sx={[markdownSx, ...(Array.isArray(sx) ? sx : [sx])]}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify in renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
