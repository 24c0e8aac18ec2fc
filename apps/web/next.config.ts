import type { NextConfig } from "next";

const config: NextConfig = {
  transpilePackages: ["@notes/api", "@notes/core", "@notes/db", "@notes/server"],
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pino", "nodemailer"],
  poweredByHeader: false,
  // `pnpm typecheck` checks every package (tests included); the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default config;
