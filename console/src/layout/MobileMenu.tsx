import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface MobileMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const MobileMenuContext = createContext<MobileMenu>({ open: false, setOpen: () => undefined });

/**
 * The mobile drawer's state, kept apart from react-admin's persisted sidebar state: that one lags a render behind
 * its setter, and opening then closing a drawer in one go leaves MUI's modal mounted over the page.
 */
export const MobileMenuProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <MobileMenuContext.Provider value={value}>{children}</MobileMenuContext.Provider>;
};

export const useMobileMenu = () => useContext(MobileMenuContext);

/** SPEC §2.1: mobile means a body narrower than 992px. */
export const MOBILE_QUERY = '(max-width: 991.95px)';
