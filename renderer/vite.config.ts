import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // 'source' first: the contract package is compiled from its TypeScript source, no prebuild needed.
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            // Stripe's loader is needed only on a server whose provider is Stripe: it stays out of the eager vendor chunk.
            { name: 'stripe', test: /node_modules[\\/]@stripe[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
