import { Box, Typography } from '@mui/material';
import type { Step } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { AddStepButton, type StepChoices } from './AddStepButton';
import { type StepEdits, StepList } from './StepList';
import { duplicateStep, insertSteps, moveStep, removeStep, updateStep } from './stepTree';

/** A scenario's steps tab: the nested steps, edited in place, and the button adding steps at the end. */
export function ScenarioSteps({
  steps,
  choices,
  readOnly,
  flagged,
  onSteps,
  onOpenCase,
}: {
  steps: Step[];
  choices: StepChoices;
  readOnly: boolean;
  /** Ids of the steps with a problem shown. */
  flagged: Set<string>;
  /** A change of the steps as they are when it applies (edits may follow each other before a render). */
  onSteps(change: (steps: Step[]) => Step[]): void;
  onOpenCase(testCaseId: number): void;
}) {
  const translate = useTranslate();
  const edits: StepEdits = {
    update: (id, patch) => onSteps((all) => updateStep(all, id, patch)),
    remove: (id) => onSteps((all) => removeStep(all, id)),
    duplicate: (id) => onSteps((all) => duplicateStep(all, id)),
    move: (parentId, from, to) => onSteps((all) => moveStep(all, parentId, from, to)),
    insert: (parentId, added) => onSteps((all) => insertSteps(all, parentId, added)),
  };
  return (
    <Box>
      {steps.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {translate('app.knowledge.tests.steps.empty')}
        </Typography>
      ) : (
        <StepList
          steps={steps}
          parentId={null}
          depth={0}
          choices={choices}
          readOnly={readOnly}
          flagged={flagged}
          edits={edits}
          onOpenCase={onOpenCase}
        />
      )}
      {!readOnly && (
        <Box sx={{ mt: 1.5 }}>
          <AddStepButton choices={choices} onAdd={(added) => edits.insert(null, added)} />
        </Box>
      )}
    </Box>
  );
}
