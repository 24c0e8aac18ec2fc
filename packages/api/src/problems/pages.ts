// GET /problems and /problems/{slug}: the human-readable page behind each
// problem `type` URI, so every type a client sees resolves.
import { problemCatalogue } from "./catalogue";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/`([^`]+)`/g, "<code>$1</code>");

function page(title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:3rem auto;padding:0 1rem;color:#1f2328}code{background:#f3f4f6;padding:0 .25rem;border-radius:4px}dt{font-weight:600;margin-top:1rem}</style></head><body>${body}</body></html>`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

export function problemPage(slug: string | undefined): Response | undefined {
  if (slug === undefined || slug === "") {
    const items = Object.entries(problemCatalogue)
      .map(
        ([s, p]) =>
          `<dt><a href="/problems/${s}">${escapeHtml(p.title)}</a> — ${p.status}</dt><dd>${escapeHtml(p.description)}</dd>`,
      )
      .join("");
    return page(
      "Problem types",
      `<h1>Problem types</h1><p>Every error of the API is an <code>application/problem+json</code> body whose <code>type</code> links here.</p><dl>${items}</dl>`,
    );
  }
  const problem = problemCatalogue[slug];
  if (!problem) return undefined;
  return page(
    problem.title,
    `<p><a href="/problems">All problem types</a></p><h1>${escapeHtml(problem.title)}</h1><p>HTTP status <strong>${problem.status}</strong> · type <code>/problems/${slug}</code></p><p>${escapeHtml(problem.description)}</p>`,
  );
}
