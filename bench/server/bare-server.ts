// The baseline: a bare node:http server doing one plain INSERT of the request's
// bytes through postgres.js, no auth, no checks. What the stack costs is the
// ratio to this.
import { createServer } from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL ?? "", { max: 10 });
await sql`create table if not exists bench_bare (id bigserial primary key, data bytea not null)`;
createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", async () => {
    try {
      const [row] =
        await sql`insert into bench_bare (data) values (${Buffer.concat(chunks)}) returning id`;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id: String(row?.id) }));
    } catch {
      res.writeHead(500).end();
    }
  });
}).listen(Number(process.env.PORT), "127.0.0.1", () => console.log("bare server ready"));
