import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, Drawer, FormControlLabel, IconButton, Stack, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { type LayoutSettings, useSetting, useThemeColour } from './settings';
import { ThemeColourPicker } from './ThemeColourPicker';

const WIDTH = 280;

type Toggle = Exclude<keyof LayoutSettings, 'theme'>;
const TOGGLES: Toggle[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];

const SettingSwitch = ({ name }: { name: Toggle }) => {
  const translate = useTranslate();
  const [checked, setChecked] = useSetting(name);
  return (
    <FormControlLabel
      labelPlacement="start"
      label={translate(`app.settings.${name}`)}
      control={<Switch checked={checked} onChange={(event) => setChecked(event.target.checked)} />}
      sx={{ mx: 0, justifyContent: 'space-between' }}
    />
  );
};

/** SPEC §2.4 settings drawer: theme colour, Open Tags-View, Fixed Header, Sidebar Logo; applied as they change. */
export const SettingsDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const colour = useThemeColour();
  const [, setColour] = useSetting('theme');
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: WIDTH }, 'aria-labelledby': 'settings-title', role: 'dialog' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id="settings-title" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('app.settings.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate('ra.action.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Stack spacing={2} sx={{ p: 2 }} data-testid="settings-drawer">
        <Box>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.settings.theme')}
          </Typography>
          <ThemeColourPicker value={colour} onChange={setColour} />
        </Box>
        {TOGGLES.map((name) => (
          <SettingSwitch key={name} name={name} />
        ))}
      </Stack>
    </Drawer>
  );
};
