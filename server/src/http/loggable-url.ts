/** A request path fit for the log: no query string (link signatures) and no share token, which opens a file. */
export function loggableUrl(url: string): string {
  const pathOnly = url.split('?')[0] ?? '';
  return pathOnly.replace(/^\/api\/share\/[^/]+/, '/api/share/[token]');
}
