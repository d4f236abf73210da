/** Shared look of the login screen's inputs. */
export const fieldProps = { variant: 'outlined', fullWidth: true, margin: 'dense', size: 'medium' } as const;
