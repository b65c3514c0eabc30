import { pages } from '@shrinkly/contract';
import type { NavLinkEntry } from './navbar-user';

/** The home page's sections, linked for signed-out visitors on the home page only. */
export const HOME_SECTION_LINKS: readonly NavLinkEntry[] = [
  { to: '/#features', label: 'Features' },
  { to: '/#pricing', label: 'Pricing' },
];

export const CONVERTER_LINK: NavLinkEntry = { to: pages.converter, label: 'Free Converter' };

export const SIGN_IN_LINK: NavLinkEntry = { to: pages.auth, label: 'Sign In' };

/** A signed-in user's own pages: in the account menu, and in the small screens' menu. */
export const ACCOUNT_LINKS: readonly NavLinkEntry[] = [
  { to: pages.dashboard, label: 'Dashboard' },
  { to: pages.settings, label: 'Settings' },
];
