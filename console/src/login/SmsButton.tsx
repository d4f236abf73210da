import Button from '@mui/material/Button';

/** The SMS code field's button (useSmsButton's label and state), in react-admin's forms and on the login page. */
export const SmsButton = ({ onClick, disabled, label }: { onClick: () => void; disabled: boolean; label: string }) => (
  <Button onClick={onClick} disabled={disabled} data-testid="sms-button" sx={{ minWidth: 120, whiteSpace: 'nowrap' }}>
    {label}
  </Button>
);
