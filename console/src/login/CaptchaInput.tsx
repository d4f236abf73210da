import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { useLayoutEffect } from 'react';
import { useLoginKit } from './kit';
import { LoginField, type LoginFieldProps } from './LoginField';
import { CAPTCHA_LENGTH } from './validators';

type CaptchaInputProps = Pick<LoginFieldProps, 'name' | 'value' | 'error' | 'onChange' | 'onBlur'> & {
  image: string;
  onRefresh: () => void;
};

/** The captcha answer with its image; a click on the image draws a new one. */
export const CaptchaInput = ({ image, onRefresh, ...field }: CaptchaInputProps) => {
  const { translate } = useLoginKit();
  const { onChange } = field;
  // a new image makes the previous answer meaningless; cleared before the new image is painted
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new image
  useLayoutEffect(() => onChange(''), [image]);
  return (
    <LoginField
      {...field}
      label="app.login.captcha"
      autoComplete="off"
      inputProps={{ maxLength: CAPTCHA_LENGTH, spellCheck: false }}
      endAdornment={
        <InputAdornment position="end">
          <Box
            component="img"
            src={image}
            alt={translate('app.login.captcha_refresh')}
            title={translate('app.login.captcha_refresh')}
            role="button"
            data-testid="captcha-image"
            onClick={onRefresh}
            sx={{
              width: 132,
              height: 44,
              cursor: 'pointer',
              borderRadius: 1,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'grey.50',
            }}
          />
        </InputAdornment>
      }
    />
  );
};
