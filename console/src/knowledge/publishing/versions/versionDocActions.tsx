import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RestoreIcon from '@mui/icons-material/Restore';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { projectPath } from '../../ProjectNav';
import type { DocDiff, ProjectVersion } from '../publishingApi';

interface Options {
  canWrite: boolean;
  projectId: number;
  /** The comparison's older side. */
  from: ProjectVersion;
  /** Its newer side: 0 is now. */
  to: number;
  toVersion: ProjectVersion | null;
  onView(version: ProjectVersion, docId: number): void;
  onRestore(version: ProjectVersion, docId: number, docName: string): void;
}

function RestoreButton({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button size="small" variant="outlined" startIcon={<RestoreIcon />} onClick={onClick} data-action="restore-doc">
      {translate('app.knowledge.version.restore_doc')}
    </Button>
  );
}

function ViewButton({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button size="small" startIcon={<VisibilityOutlinedIcon />} onClick={onClick} data-action="view-doc">
      {translate('app.knowledge.version.view_doc')}
    </Button>
  );
}

/**
 * What a document of a comparison, or of a version being read, offers: read it where it exists (the older version,
 * or for one added since, the newer version or the workspace), and, for a writer comparing with now, bring it back
 * as it was in the older version (a removed document is re-created).
 */
export function versionDocActions({ canWrite, projectId, from, to, toVersion, onView, onRestore }: Options) {
  const forDiff = (doc: DocDiff) => {
    const id = doc.projectStructureId;
    const view =
      doc.change !== 'added' ? (
        <ViewButton onClick={() => onView(from, id)} />
      ) : toVersion ? (
        <ViewButton onClick={() => onView(toVersion, id)} />
      ) : (
        <Button
          size="small"
          startIcon={<OpenInNewIcon />}
          component={Link}
          to={`${projectPath('index', projectId)}?doc=${id}`}
        >
          <OpenLabel />
        </Button>
      );
    return (
      <>
        {view}
        {canWrite && to === 0 && doc.change !== 'added' && (
          <RestoreButton onClick={() => onRestore(from, id, doc.name)} />
        )}
      </>
    );
  };
  const forBrowser = (version: ProjectVersion) => (docId: number, name: string) =>
    canWrite ? <RestoreButton onClick={() => onRestore(version, docId, name)} /> : null;
  return { forDiff, forBrowser };
}

function OpenLabel() {
  const translate = useTranslate();
  return <>{translate('app.knowledge.coming.back')}</>;
}
