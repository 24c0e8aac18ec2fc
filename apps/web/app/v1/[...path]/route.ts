// /v1 REST surface in Next (Vercel-style deployments): a thin adapter.
import { handleWithBackend } from "../../../server/next-backend";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export {
  handleWithBackend as DELETE,
  handleWithBackend as GET,
  handleWithBackend as HEAD,
  handleWithBackend as OPTIONS,
  handleWithBackend as PATCH,
  handleWithBackend as POST,
  handleWithBackend as PUT,
};
