export default function Home() {
  return (
    <main>
      <h1>Notes, end-to-end encrypted</h1>
      <p className="lead">
        Write notes, sync them across your devices, and share them — while the server keeps only
        ciphertext and wrapped keys it cannot open.
      </p>
      <p>
        Why it matters: a notes server holds your drafts, plans and
        passwords-you-should-not-write-down. Here, whoever runs the server — or breaks into it, or
        is ordered to hand it over — gets ciphertext only.
      </p>
      <ul className="facts">
        <li>Your password never leaves your device: clients send a derived key.</li>
        <li>Every note is encrypted in your browser before it is stored or synced.</li>
        <li>
          Sharing is checked, not trusted: compare a safety number with a collaborator once, and if
          their key ever changes the app stops and tells you before sealing anything to it.
        </li>
        <li>
          Third-party clients call the same procedures as this web app, over the <code>/v1</code>{" "}
          REST API.
        </li>
      </ul>
      <nav className="links cta" aria-label="Get started">
        <a className="button" href="/signup">
          Create an account
        </a>
        <a href="/signin">Sign in</a>
        <a href="/recover">Recover with a recovery code</a>
      </nav>
      <nav className="links" aria-label="Developer resources">
        <a href="/v1/openapi.json">API reference (OpenAPI 3.1)</a>
        <a href="/problems">Problem types</a>
        <a href="/v1/health">Service health</a>
      </nav>
    </main>
  );
}
