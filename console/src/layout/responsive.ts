import { MOBILE_QUERY } from './MobileMenu';

/** sx media keys for SPEC §2.1's mobile (body under 992px) and desktop. */
export const MOBILE = `@media ${MOBILE_QUERY}`;
export const DESKTOP = '@media (min-width: 992px)';

/** SPEC §2.4: the search, the bell and the fullscreen toggle are not shown on mobile. */
export const hiddenOnMobile = { [MOBILE]: { display: 'none' } };
