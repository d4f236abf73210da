import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The AI assistant's place in the header. The assistant's dialog (SPEC §2.4) comes with the AI issue; until then
 * the button is shown disabled, its tooltip saying so, rather than opening nothing.
 */
export const AiButton = () => {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('app.header.ai_coming')}>
      {/* a disabled button fires no events: the span carries the tooltip */}
      <span>
        <IconButton color="inherit" disabled aria-label={translate('app.header.ai')} data-testid="ai-button">
          <SmartToyOutlinedIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
};
