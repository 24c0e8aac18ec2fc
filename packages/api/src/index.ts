export {
  createHttpHandler,
  type HttpHandler,
  isTrpcPath,
  isV1Path,
  ownsPath,
  TRPC_ENDPOINT,
} from "./http-handler";
export { buildOpenApiDocument } from "./openapi/document";
export { problemCatalogue } from "./problems/catalogue";
export type { HeaderReader, Reply, RestRequest } from "./rest/exchange";
export { BodyIncomplete, BodyTooLarge } from "./rest/read-body";
export { requestIdFrom } from "./rest/request-id";
export { type AppRouter, appRouter } from "./routers";
export type { TrpcProblem } from "./trpc";
