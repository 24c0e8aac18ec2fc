// `--name value` and `--flag` arguments of the key-transparency commands.
export function parseArgs(argv: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith("--")) out.set(arg.slice(2), "true");
    else {
      out.set(arg.slice(2), next);
      i++;
    }
  }
  return out;
}
