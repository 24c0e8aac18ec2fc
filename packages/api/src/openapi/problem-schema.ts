// JSON Schema of RFC 9457 problem details as this service sends them.
export const problemSchemas = {
  Problem: {
    type: "object",
    required: ["type", "title", "status"],
    properties: {
      type: {
        type: "string",
        format: "uri",
        description: "{PUBLIC_URL}/problems/{slug}; the page explains the problem",
      },
      title: { type: "string", description: "The problem's name, e.g. `Note not found`" },
      status: { type: "integer", format: "int32" },
      detail: { type: "string", description: "This occurrence; for a 500, the request id" },
      errors: {
        type: "array",
        description: "On validation problems: each invalid member",
        items: {
          type: "object",
          required: ["pointer", "detail"],
          properties: {
            pointer: {
              type: "string",
              description:
                'RFC 6901 pointer into the body (`""` for the whole body), or `#/query/{name}` / `#/path/{name}`',
            },
            detail: { type: "string" },
          },
        },
      },
    },
  },
};
