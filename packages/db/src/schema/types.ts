// Column helpers shared by every table group: binary ciphertext is stored as bytea.
import { customType } from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (value instanceof Uint8Array ? value : new Uint8Array(value)),
});
