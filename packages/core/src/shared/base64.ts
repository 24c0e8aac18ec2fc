export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
