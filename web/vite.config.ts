// Vite builds the SPA from web/ into web/dist (served by the app listener). The dev server
// proxies the product API and the dev config document to the app listener, so `npm run dev`
// talks to the same stack as the built bundle.
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const appPort = process.env.APP_PORT ?? "3000";
const appOrigin = `http://127.0.0.1:${appPort}`;

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@contract": fileURLToPath(new URL("../server/src/contract", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/api": appOrigin,
      "/app-config.json": appOrigin,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The identity widget and the admin area are heavy and used on few screens: keep them
        // in their own chunks (they are also React.lazy-loaded) so sign-in and the dashboard stay small.
        codeSplitting: {
          // Shared modules a group imports stay shared instead of moving into that group.
          includeDependenciesRecursively: false,
          groups: [
            { name: "identity", test: /[\\/](web[\\/]src[\\/]identity|node_modules[\\/]@sumsub)[\\/]/ },
            { name: "admin", test: /[\\/]web[\\/]src[\\/]features[\\/]admin[\\/]/ },
            { name: "supabase", test: /[\\/]node_modules[\\/]@supabase[\\/]/ },
          ],
        },
      },
    },
  },
});
