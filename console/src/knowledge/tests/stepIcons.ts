import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import HttpIcon from '@mui/icons-material/Http';
import LoopIcon from '@mui/icons-material/Loop';
import type { StepKind } from './stepTree';

export const STEP_ICONS: Record<StepKind, SvgIconComponent> = {
  case: HttpIcon,
  scenario: AccountTreeOutlinedIcon,
  wait: HourglassEmptyIcon,
  if: CallSplitIcon,
  loop: LoopIcon,
};
