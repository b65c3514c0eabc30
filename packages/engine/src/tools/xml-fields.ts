/** An XML name with its separators escaped for a regular expression. */
const escaped = (name: string) => name.replace(/[.:-]/g, (c) => `\\${c}`);

/**
 * `xml` with the text of each named element emptied (the element itself kept, so the document stays as valid) and
 * each attribute of that name dropped: XMP writes a simple property either way (`<pdf:Author>…</pdf:Author>` or
 * `pdf:Author="…"` on its description).
 */
export function withoutFields(xml: string, names: readonly string[]): string {
  let out = xml;
  for (const element of names) {
    const name = escaped(element);
    out = out.replace(new RegExp(`<(${name})(\\s[^>]*)?>[\\s\\S]*?</${name}>`, 'g'), '<$1$2></$1>');
    out = out.replace(new RegExp(`\\s${name}\\s*=\\s*("[^"]*"|'[^']*')`, 'g'), '');
  }
  return out;
}
