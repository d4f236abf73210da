// The community, blog and help manual of the user panel (SPEC §2.4), set at build time. Until the product has its
// own sites, they open documentation that ships with the console: the README, the architecture notes and the
// user manual.
import architectureUrl from '../../../docs/architecture.md?url';
// no-inline: the manual is small enough to become a data: URL, which browsers refuse to open in a tab
import manualUrl from '../../../docs/user-manual.md?url&no-inline';
import readmeUrl from '../../../README.md?url';

export const COMMUNITY_URL: string = import.meta.env.VITE_COMMUNITY_URL || readmeUrl;
export const BLOG_URL: string = import.meta.env.VITE_BLOG_URL || architectureUrl;
export const HELP_URL: string = import.meta.env.VITE_HELP_URL || manualUrl;
