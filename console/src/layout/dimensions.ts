/** SPEC §9: the sidebar is 210px wide. */
export const SIDEBAR_WIDTH = 210;

/** react-admin's dense app bar on desktop. */
export const APP_BAR_HEIGHT = 48;
