export { createHttpHandler, type HttpHandler, ownsPath, TRPC_ENDPOINT } from "./http-handler";
export { buildOpenApiDocument } from "./openapi/document";
export { problemCatalogue } from "./problems/catalogue";
export { requestIdFrom } from "./rest/request-id";
export { type AppRouter, appRouter } from "./routers";
