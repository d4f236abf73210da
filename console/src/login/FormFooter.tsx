import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import type { FormType } from './formTypes';
import { useLoginKit } from './kit';

interface FormLink {
  to: FormType;
  label: string;
}

interface FormFooterProps {
  submitLabel: string;
  loading: boolean;
  links: FormLink[];
  onSwitch: (type: FormType) => void;
}

/** Under both sign-in modes (password, SMS code): forgot password, register. */
export const SIGN_IN_LINKS: FormLink[] = [
  { to: 'reset', label: 'app.login.forgot' },
  { to: 'register', label: 'app.login.register' },
];

/** Submit button and the links that switch between the login screen's forms. */
export const FormFooter = ({ submitLabel, loading, links, onSwitch }: FormFooterProps) => {
  const { translate } = useLoginKit();
  return (
    <>
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={loading}
        startIcon={loading ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 2 }}
      >
        {translate(submitLabel)}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: links.length > 1 ? 'space-between' : 'center', mt: 2 }}>
        {links.map((link) => (
          <Link
            key={link.to + link.label}
            component="button"
            type="button"
            underline="hover"
            onClick={() => onSwitch(link.to)}
            sx={{ fontSize: 14 }}
          >
            {translate(link.label)}
          </Link>
        ))}
      </Box>
    </>
  );
};
