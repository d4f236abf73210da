// The community, blog and help manual of the user panel (SPEC §2.4), set at build time. Until the product has its
// own sites, they open documentation that ships with the console: the README, the architecture notes and the
// user manual.
import architectureUrl from '../../../docs/architecture.md?url';
// The manual as a web page (a raw .md would be downloaded, or shown as plain text, in a tab or a frame)
import manualUrl from '../../../docs/user-manual.md?page';
import readmeUrl from '../../../README.md?url';

export const COMMUNITY_URL: string = import.meta.env.VITE_COMMUNITY_URL || readmeUrl;
export const BLOG_URL: string = import.meta.env.VITE_BLOG_URL || architectureUrl;
export const HELP_URL: string = import.meta.env.VITE_HELP_URL || manualUrl;
