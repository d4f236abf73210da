/** SPEC §9 */
export const SIDEBAR_WIDTH = 210;
