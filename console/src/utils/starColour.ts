/** The gold of a starred project's star, wherever projects are listed (a decorative icon, not text: ADR 16). */
export const STAR_GOLD = '#faad14';
