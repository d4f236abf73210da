import { Box, InputAdornment, Tooltip } from '@mui/material';
import { useEffect } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { fieldProps } from './fieldProps';
import { CAPTCHA_LENGTH, validateCaptcha } from './validators';

/** The captcha answer with its image; a click on the image draws a new one. */
export const CaptchaInput = ({ image, onRefresh }: { image: string; onRefresh: () => void }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  // a new image makes the previous answer meaningless
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new image
  useEffect(() => setValue('captcha', ''), [image, setValue]);
  return (
    <TextInput
      {...fieldProps}
      source="captcha"
      label="app.login.captcha"
      validate={validateCaptcha}
      autoComplete="off"
      inputProps={{ maxLength: CAPTCHA_LENGTH, spellCheck: false }}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <Tooltip title={translate('app.login.captcha_refresh')}>
              <Box
                component="img"
                src={image}
                alt={translate('app.login.captcha_refresh')}
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
            </Tooltip>
          </InputAdornment>
        ),
      }}
    />
  );
};
