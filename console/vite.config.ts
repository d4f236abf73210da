import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { markdownPage } from './build/markdownPage';

// The gateway serves the bundle under /system/ (invite links are {host}/system/#/invite/{shareCode}).
export default defineConfig({
  base: '/system/',
  plugins: [react(), markdownPage()],
  server: {
    proxy: { '/pmbok': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // React, MUI and react-admin's core are what the login page needs anyway (~290 kB gzip); the signed-in
    // shell, the register/reset forms, the screens and the English messages are split off with import().
    chunkSizeWarningLimit: 1000,
  },
});
