import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.FIELDPLAN_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/app': { target: apiTarget, ws: true },
      '/ical': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @fieldplan/shared is pure (schemas, constants, functions): let unused parts, like the
      // recurrence engine and its rrule dependency, drop out of screens that don't use them.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/shared/') },
    },
  },
});
