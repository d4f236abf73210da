import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// Simplified marks of the two social networks (MUI's icon set has neither).
export const WechatIcon = (props: SvgIconProps) => (
  <SvgIcon {...props} viewBox="0 0 24 24">
    <path d="M9.2 4C5.2 4 2 6.7 2 10c0 1.9 1 3.5 2.6 4.6l-.6 2 2.3-1.2c.9.3 1.9.4 2.9.4h.4a5.4 5.4 0 0 1-.2-1.5c0-3.2 3-5.8 6.8-5.8h.5C15.9 6 12.9 4 9.2 4Zm-2.4 2.9a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm4.8 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z" />
    <path d="M22 14.3c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.7 0 1.4-.1 2-.3l1.9 1-.5-1.7c1.6-1 2.6-2.4 2.6-4Zm-8-1.1a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6Zm4 0a.8.8 0 1 1 0-1.6.8.8 0 0 1 0 1.6Z" />
  </SvgIcon>
);

export const QqIcon = (props: SvgIconProps) => (
  <SvgIcon {...props} viewBox="0 0 24 24">
    <path d="M12 2c-3.3 0-5.6 2.6-5.6 6v1.2c-.9 1.2-2 3-2 4.6 0 1.1.4 1.4.7 1.4.4 0 .9-.6 1.2-1.2.3 1.2 1 2.3 1.9 3.1-1 .4-1.9 1-1.9 1.7 0 .9 1.6 1.2 3.4 1.2 1.2 0 2.3-.3 2.8-.7h1c.5.4 1.6.7 2.8.7 1.8 0 3.4-.3 3.4-1.2 0-.7-.9-1.3-1.9-1.7.9-.8 1.6-1.9 1.9-3.1.3.6.8 1.2 1.2 1.2.3 0 .7-.3.7-1.4 0-1.6-1.1-3.4-2-4.6V8c0-3.4-2.3-6-5.6-6Z" />
  </SvgIcon>
);
