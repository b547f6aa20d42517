import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BASE_PATH } from './src/api/paths.ts';

const serverOrigin = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  base: `${BASE_PATH}/`,
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        // The spec serves lazily loaded chunks from a static js folder under the base path.
        entryFileNames: 'js/[name]-[hash].js',
        chunkFileNames: 'js/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  worker: {
    format: 'es',
    rolldownOptions: {
      output: { entryFileNames: 'js/[name]-[hash].js', chunkFileNames: 'js/[name]-[hash].js' },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [`${BASE_PATH}/api`]: serverOrigin,
      [`${BASE_PATH}/socket.io`]: { target: serverOrigin, ws: true },
    },
  },
});
