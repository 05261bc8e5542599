import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the map render benchmark page (bench/map-render.bench.ts builds it with this config).
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
