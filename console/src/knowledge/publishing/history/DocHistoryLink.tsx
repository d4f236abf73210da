import HistoryIcon from '@mui/icons-material/History';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useLocalKnowledge } from '../../local/useLocalKnowledge';
import { projectPath } from '../../ProjectNav';

/** From a document to its own timeline: the history screen filtered to it (a local project keeps no history). */
export default function DocHistoryLink({
  projectId,
  projectStructureId,
}: {
  projectId: number;
  projectStructureId: number;
}) {
  const translate = useTranslate();
  const local = useLocalKnowledge();
  if (local.active || !projectId) return null;
  const label = translate('app.knowledge.history.doc_history');
  return (
    <Tooltip title={label} disableInteractive>
      <IconButton
        component={Link}
        to={`${projectPath('history', projectId)}?node=${projectStructureId}`}
        aria-label={label}
        size="small"
        data-testid="doc-history-link"
      >
        <HistoryIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
