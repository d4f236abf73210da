import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { markdownPage } from './build/markdownPage';
import { precompressed } from './build/precompressed';
import { signedInChunks } from './build/signedInChunks';

const chunks = signedInChunks();

// The gateway serves the bundle under /system/ (invite links are {host}/system/#/invite/{shareCode}).
export default defineConfig({
  base: '/system/',
  plugins: [react(), markdownPage(), chunks.plugin, precompressed()],
  server: {
    proxy: { '/pmbok': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    // React, MUI and react-admin's core are what the login page needs anyway (~290 kB gzip); the signed-in
    // shell, the register/reset forms, the screens and the English messages are split off with import().
    chunkSizeWarningLimit: 1000,
    // ...and a signed-in visit's path in a few larger chunks rather than ~110 small ones (build/signedInChunks.ts).
    rollupOptions: { output: chunks.output },
  },
});
