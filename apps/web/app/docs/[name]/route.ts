// The client-side scheme and sharing pages in Next deployments: a thin adapter.
import { handleWithBackend } from "../../../server/next-backend";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
export { handleWithBackend as GET };
