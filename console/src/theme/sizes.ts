import type { ThemeOptions } from '@mui/material';
import type { AppSize } from '../settings/defaults';

interface Density {
  fontSize: number;
  button: 'small' | 'medium' | 'large';
  control: 'small' | 'medium';
  /** Inputs (react-admin's default is small), tables, lists and menus. */
  field: 'small' | 'medium';
  dense: boolean;
}

/**
 * The four sizes of SPEC §2.4 as MUI densities: 'medium' is MUI and react-admin's own look, 'default' roomier,
 * 'small' and 'mini' denser and in smaller type.
 */
export const DENSITIES: Record<AppSize, Density> = {
  default: { fontSize: 14, button: 'large', control: 'medium', field: 'medium', dense: false },
  medium: { fontSize: 14, button: 'medium', control: 'medium', field: 'small', dense: false },
  small: { fontSize: 13, button: 'small', control: 'small', field: 'small', dense: true },
  mini: { fontSize: 12, button: 'small', control: 'small', field: 'small', dense: true },
};

/** Default props that apply one density to the components the screens use. */
export function densityComponents(size: AppSize): ThemeOptions['components'] {
  const { button, control, field, dense } = DENSITIES[size];
  return {
    MuiButton: { defaultProps: { size: button } },
    MuiIconButton: { defaultProps: { size: control } },
    MuiToggleButton: { defaultProps: { size: control } },
    MuiToggleButtonGroup: { defaultProps: { size: control } },
    MuiFab: { defaultProps: { size: control } },
    MuiChip: { defaultProps: { size: control } },
    MuiCheckbox: { defaultProps: { size: control } },
    MuiRadio: { defaultProps: { size: control } },
    MuiSwitch: { defaultProps: { size: control } },
    MuiPagination: { defaultProps: { size: control } },
    MuiTextField: { defaultProps: { size: field } },
    MuiFormControl: { defaultProps: { size: field } },
    MuiAutocomplete: { defaultProps: { size: field } },
    MuiTable: { defaultProps: { size: dense ? 'small' : 'medium' } },
    MuiList: { defaultProps: { dense } },
    MuiMenuItem: { defaultProps: { dense } },
  };
}
