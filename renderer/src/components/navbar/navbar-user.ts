/** What the navigation bar needs to know about the signed-in user. */
export interface NavbarUser {
  name: string;
  email: string;
}

/** The avatar letter: the first letter of the name, or of the email when the name is blank. */
export function initialOf(user: NavbarUser): string {
  return (user.name.trim().charAt(0) || user.email.charAt(0)).toUpperCase();
}

/** A link of the bar: where it goes and its words. */
export interface NavLinkEntry {
  to: string;
  label: string;
}
