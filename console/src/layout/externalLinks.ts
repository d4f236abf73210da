// The community and blog of the user panel (SPEC §2.4), set at build time. Until the product has its own,
// they open the project's documentation that ships with the console: the README and the architecture notes.
import architectureUrl from '../../../docs/architecture.md?url';
import readmeUrl from '../../../README.md?url';

export const COMMUNITY_URL: string = import.meta.env.VITE_COMMUNITY_URL || readmeUrl;
export const BLOG_URL: string = import.meta.env.VITE_BLOG_URL || architectureUrl;
