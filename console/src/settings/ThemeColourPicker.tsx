import CheckIcon from '@mui/icons-material/Check';
import ColorizeIcon from '@mui/icons-material/Colorize';
import { Box, ButtonBase, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { THEME_PRESETS } from './settings';

interface ThemeColourPickerProps {
  value: string;
  onChange: (colour: string) => void;
}

const SWATCH = 26;

/** The preset colours as a radio group, and the browser's colour picker for any other. */
export const ThemeColourPicker = ({ value, onChange }: ThemeColourPickerProps) => {
  const translate = useTranslate();
  const custom = !THEME_PRESETS.some((preset) => preset.toLowerCase() === value.toLowerCase());
  return (
    <Box
      role="radiogroup"
      aria-label={translate('app.settings.theme')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {THEME_PRESETS.map((preset) => {
        const selected = preset.toLowerCase() === value.toLowerCase();
        return (
          <ButtonBase
            key={preset}
            role="radio"
            aria-checked={selected}
            aria-label={preset}
            onClick={() => onChange(preset)}
            sx={{ width: SWATCH, height: SWATCH, borderRadius: 0.5, bgcolor: preset, color: '#fff' }}
          >
            {selected && <CheckIcon sx={{ fontSize: 18 }} />}
          </ButtonBase>
        );
      })}
      <Tooltip title={translate('app.settings.custom_colour')}>
        <Box
          component="label"
          sx={{
            position: 'relative',
            width: SWATCH,
            height: SWATCH,
            borderRadius: 0.5,
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            cursor: 'pointer',
            color: custom ? '#fff' : 'text.secondary',
            bgcolor: custom ? value : 'transparent',
            border: custom ? 0 : '1px dashed',
            borderColor: 'divider',
          }}
        >
          {custom ? <CheckIcon sx={{ fontSize: 18 }} /> : <ColorizeIcon sx={{ fontSize: 16 }} />}
          <Box
            component="input"
            type="color"
            value={value}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
            aria-label={translate('app.settings.custom_colour')}
            data-testid="theme-colour-input"
            sx={{ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer', width: '100%', height: '100%' }}
          />
        </Box>
      </Tooltip>
    </Box>
  );
};
