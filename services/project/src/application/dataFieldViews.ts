import type { DataFieldDoc } from '../projections/dataFields/index.js';

/** A field as the library list answers it (`DataField` of gateway/src/schemas/mock.ts). */
export const fieldView = (doc: DataFieldDoc, extra: { inherited: boolean; uses: number; updatedByName: string }) => ({
  dataFieldId: doc.dataFieldId,
  id: doc.dataFieldId,
  scope: doc.scope,
  projectId: doc.projectId,
  teamId: doc.teamId,
  name: doc.name,
  aliases: doc.aliases,
  type: doc.type,
  format: doc.format,
  description: doc.description,
  example: doc.example ?? null,
  enum: doc.enum,
  mockRule: doc.mockRule,
  ...extra,
  updatedBy: doc.updatedBy,
  createTime: doc.createdAt,
  updateTime: doc.updatedAt,
});

export interface BatchItemResult {
  status: number;
  msg: string;
  action: 'added' | 'updated' | 'skipped' | 'refused';
  dataFieldId: number;
  name: string;
}
