import { type Doc, documentProjection, ownLog, readModel } from '@pmbok/infra';
import {
  applyChanges,
  type EnvironmentData,
  type ProjectEvent,
  type ResponseCodeData,
} from '../../domain/project/project.js';

/** A project's environments, response-code table and scripts (plain text; the gateway encrypts them). */
export interface ProjectSettingsDoc extends Doc {
  projectId: number;
  environments: EnvironmentData[];
  responseCodes: ResponseCodeData[];
  beforeScript: string;
  afterScript: string;
}

export const projectSettings = readModel<ProjectSettingsDoc>('projectSettings');

const edit =
  <R>(apply: (doc: ProjectSettingsDoc, event: R) => Partial<ProjectSettingsDoc>) =>
  (event: R, doc: ProjectSettingsDoc | null) =>
    doc && { ...doc, ...apply(doc, event) };

export const projectSettingsProjection = documentProjection({
  source: ownLog<ProjectEvent>(),
  collection: projectSettings,
  stream: 'project',
  on: {
    ProjectCreated: ({ data }) => ({
      projectId: data.projectId,
      environments: [],
      responseCodes: [],
      beforeScript: '',
      afterScript: '',
    }),
    ProjectDeleted: () => null,
    EnvironmentAdded: edit((doc, { data }: { data: EnvironmentData }) => ({
      environments: [...doc.environments.filter((e) => e.projectConfigId !== data.projectConfigId), data],
    })),
    EnvironmentUpdated: edit((doc, { data }) => ({
      environments: doc.environments.map((e) =>
        e.projectConfigId === data.projectConfigId ? applyChanges(e, data.changes) : e,
      ),
    })),
    EnvironmentRemoved: edit((doc, { data }) => ({
      environments: doc.environments.filter((e) => e.projectConfigId !== data.projectConfigId),
    })),
    ResponseCodeAdded: edit((doc, { data }: { data: ResponseCodeData }) => ({
      responseCodes: [...doc.responseCodes.filter((r) => r.responseCodeId !== data.responseCodeId), data],
    })),
    ResponseCodeUpdated: edit((doc, { data }) => ({
      responseCodes: doc.responseCodes.map((r) =>
        r.responseCodeId === data.responseCodeId ? applyChanges(r, data.changes) : r,
      ),
    })),
    ResponseCodeRemoved: edit((doc, { data }) => ({
      responseCodes: doc.responseCodes.filter((r) => r.responseCodeId !== data.responseCodeId),
    })),
    ScriptSaved: edit((_doc, { data }) => {
      const content = String(data.changes.find((c) => c.field === 'content')?.after ?? '');
      return data.kind === 'before' ? { beforeScript: content } : { afterScript: content };
    }),
  },
});
