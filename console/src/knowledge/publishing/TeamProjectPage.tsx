import { Alert } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useLocalKnowledge } from '../local/useLocalKnowledge';
import { ProjectLayout, useRouteProjectId } from '../ProjectNav';

/**
 * A project screen that only a team project has (versions, history, share links are kept by the server): in local
 * mode, or without a project, it says so (`notice`, an i18n key) instead of the screen.
 */
export default function TeamProjectPage({
  notice,
  testId,
  children,
}: {
  notice: string;
  testId: string;
  children: (projectId: number) => ReactNode;
}) {
  const projectId = useRouteProjectId();
  const local = useLocalKnowledge();
  const translate = useTranslate();
  return (
    <ProjectLayout>
      {local.active || !projectId ? (
        <Alert severity="info" data-testid={testId}>
          {translate(notice)}
        </Alert>
      ) : (
        children(projectId)
      )}
    </ProjectLayout>
  );
}
