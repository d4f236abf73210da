import { Box, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { QqIcon, WechatIcon } from './socialIcons';

/** SPEC §9: the social pop-up is 540×540. */
const POPUP_FEATURES = 'width=540,height=540';

const PROVIDERS = [
  { provider: 'wechat', label: 'app.social.wechat', Icon: WechatIcon, color: '#07c160' },
  { provider: 'qq', label: 'app.social.qq', Icon: QqIcon, color: '#12b7f5' },
] as const;

/** The two social sign-in buttons (SPEC §2.3); each opens /auth-redirect in a 540×540 pop-up. */
export const SocialLogin = () => {
  const translate = useTranslate();
  const open = (provider: string) => {
    const url = `${import.meta.env.BASE_URL}#/auth-redirect?${new URLSearchParams({ provider })}`;
    window.open(url, `pmbok-${provider}`, POPUP_FEATURES);
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          {translate('app.social.title')}
        </Typography>
      </Divider>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 3, mt: 1.5 }}>
        {PROVIDERS.map(({ provider, label, Icon, color }) => (
          <Tooltip key={provider} title={translate(label)}>
            <IconButton
              aria-label={translate(label)}
              onClick={() => open(provider)}
              data-testid={`social-${provider}`}
              sx={{ color, border: 1, borderColor: 'divider', width: 44, height: 44 }}
            >
              <Icon />
            </IconButton>
          </Tooltip>
        ))}
      </Box>
    </Box>
  );
};
