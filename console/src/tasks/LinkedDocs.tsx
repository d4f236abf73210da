import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import { Box, List, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { LinkedDoc } from '@pmbok/api-types';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { methodColor, methodLabel } from '../utils/httpMethods';

/** The workspace opens the document of `?doc=` (its tree node). */
export const linkedDocPath = (doc: LinkedDoc) => `/project/index/${doc.projectId}?doc=${doc.projectStructureId}`;

/** An API document's method as the tree shows it; a page or a schema by its icon. */
function DocKindTag({ doc }: { doc: LinkedDoc }) {
  if (doc.kind === 'api') {
    const method = doc.method || 'GET';
    return (
      <Box
        component="span"
        sx={{ fontSize: 11, fontWeight: 700, fontFamily: 'monospace', color: methodColor(method) }}
        data-testid="linked-doc-method"
      >
        {methodLabel(method)}
      </Box>
    );
  }
  const sx = { fontSize: 18 };
  return doc.kind === 'schema' ? (
    <DataObjectIcon sx={{ ...sx, color: '#7a5af8' }} />
  ) : (
    <ArticleOutlinedIcon sx={{ ...sx, color: '#2e90fa' }} />
  );
}

/**
 * The knowledge documents linked to the task, as far as the viewer may see their projects; each opens in the
 * knowledge workspace. Links are made from the document's side.
 */
export function LinkedDocs({ docs }: { docs: readonly LinkedDoc[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="task-linked-docs-title">
      <Typography id="task-linked-docs-title" variant="subtitle2" sx={{ mb: 1 }}>
        {translate('app.task.detail.linked_docs')}
      </Typography>
      {docs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.task.detail.no_linked_docs')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {docs.map((doc) => (
            <ListItemButton key={doc.projectDocId} component={Link} to={linkedDocPath(doc)} divider>
              <ListItemIcon sx={{ minWidth: 44 }}>
                <DocKindTag doc={doc} />
              </ListItemIcon>
              <ListItemText
                primary={doc.name}
                secondary={doc.kind === 'api' && doc.path ? `${doc.projectName} · ${doc.path}` : doc.projectName}
                slotProps={{ secondary: { noWrap: true } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
