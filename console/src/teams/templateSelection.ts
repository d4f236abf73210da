import type { TemplateItem } from './teamApi';

/** SPEC §5: the blank card's selection id. */
export const BLANK_TEMPLATE = -1;
/** SPEC §9: a full first page of templates suggests there are more. */
const MORE_TEMPLATES_AT = 10;

export const templateId = (item: TemplateItem) => Number(item.projectId ?? item.taskProjectId ?? item.id);

export const showsMoreTemplates = (items: TemplateItem[]) => items.length === MORE_TEMPLATES_AT;

/** Cards toggle; choosing the blank card clears the templates, and choosing a template clears the blank card. */
export function toggleTemplate(selected: number[], id: number): number[] {
  if (selected.includes(id)) return selected.filter((chosen) => chosen !== id);
  if (id === BLANK_TEMPLATE) return [BLANK_TEMPLATE];
  return [...selected.filter((chosen) => chosen !== BLANK_TEMPLATE), id];
}

/** The create call's `sourceProject` / `sourceTaskProject`: JSON text of the chosen template ids. */
export const chosenTemplateIds = (selected: number[]) => JSON.stringify(selected.filter((id) => id !== BLANK_TEMPLATE));
