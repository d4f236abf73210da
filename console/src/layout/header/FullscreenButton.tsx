import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';

const isFullscreen = () => Boolean(document.fullscreenElement);

/** Toggles the whole page in and out of fullscreen; SPEC §8 warns when the browser cannot. */
export const FullscreenButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [fullscreen, setFullscreen] = useState(isFullscreen);

  useEffect(() => {
    const update = () => setFullscreen(isFullscreen());
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      notify('app.header.fullscreen_unsupported', { type: 'warning' });
      return;
    }
    const change = isFullscreen() ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => notify('app.header.fullscreen_unsupported', { type: 'warning' }));
  };

  const label = translate(fullscreen ? 'app.header.exit_fullscreen' : 'app.header.fullscreen');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label} aria-pressed={fullscreen}>
        {fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
};
