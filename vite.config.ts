import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the dashboard talks to the embedded service (npm run serve) through this proxy.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/cosmos': 'http://127.0.0.1:8080',
      '/upstream': 'http://127.0.0.1:8080',
      '/polity': 'http://127.0.0.1:8080',
    },
  },
  build: { target: 'es2022', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
});
