import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useLoginKit } from './kit';
import { QqIcon, WechatIcon } from './socialIcons';

/** SPEC §9: the social pop-up is 540×540. */
const POPUP_FEATURES = 'width=540,height=540';

const PROVIDERS = [
  { provider: 'wechat', label: 'app.social.wechat', Icon: WechatIcon, color: '#07c160' },
  { provider: 'qq', label: 'app.social.qq', Icon: QqIcon, color: '#12b7f5' },
] as const;

/** The two social sign-in buttons (SPEC §2.3); each opens /auth-redirect in a 540×540 pop-up. */
export const SocialLogin = () => {
  const { translate } = useLoginKit();
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
          <IconButton
            key={provider}
            title={translate(label)}
            aria-label={translate(label)}
            onClick={() => open(provider)}
            data-testid={`social-${provider}`}
            sx={{ color, border: 1, borderColor: 'divider', width: 44, height: 44 }}
          >
            <Icon />
          </IconButton>
        ))}
      </Box>
    </Box>
  );
};
