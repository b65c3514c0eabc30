import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler } from 'express';

/**
 * Serves the built React app: files as they are (hashed assets cached for a year), and index.html for any other
 * GET that is not an API path, so every client route opens directly.
 */
export function rendererStatic(distDir: string): RequestHandler[] {
  const index = path.join(distDir, 'index.html');
  const files = express.static(distDir, {
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const appShell: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet. Run `npm start` (or `npm run build`) first.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  return [files, appShell];
}
