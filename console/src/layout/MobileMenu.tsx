import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { readCookie, writeCookie } from '../utils/cookies';

interface MobileMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
}

const MobileMenuContext = createContext<MobileMenu>({ open: false, setOpen: () => undefined });

/** SPEC §4: the sidebar's open state is kept in a cookie, 1 when open and 0 when closed. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

/**
 * The mobile drawer's state, kept apart from react-admin's persisted sidebar state: that one lags a render behind
 * its setter, and opening then closing a drawer in one go leaves MUI's modal mounted over the page. On desktop the
 * sidebar is never collapsed (SPEC §2.4); on mobile the layout closes it on load and on every navigation.
 */
export const MobileMenuProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpenState] = useState(() => readCookie(SIDEBAR_COOKIE) === '1');
  const setOpen = useCallback((next: boolean) => {
    writeCookie(SIDEBAR_COOKIE, next ? '1' : '0');
    setOpenState(next);
  }, []);
  const value = useMemo(() => ({ open, setOpen }), [open, setOpen]);
  return <MobileMenuContext.Provider value={value}>{children}</MobileMenuContext.Provider>;
};

export const useMobileMenu = () => useContext(MobileMenuContext);

/** SPEC §2.1: mobile means a body narrower than 992px. */
export const MOBILE_QUERY = '(max-width: 991.95px)';
