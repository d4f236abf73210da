// react-admin's screens for rare states (an error, access refused, an auth callback), loaded when one happens so
// the login page's first script does not carry them.
export { AccessDenied, AuthCallback, AuthenticationError, Error } from 'react-admin';
