// A LISTEN that survives the database going away. postgres.js's own `listen`
// re-subscribes once when its connection closes and gives up silently if the
// database is still down then; this keeps one dedicated connection and retries
// the LISTEN with a capped backoff until it holds again, calling `onListening`
// each time it does, so the caller can resync what it may have missed.
import postgres from "postgres";

export async function listenResiliently(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onListening: () => void,
  onLost: () => void = () => {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const sql = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: 0,
    fetch_types: false,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: "notes-listen" },
    onnotify: (name: string, payload: string) => {
      if (name === channel) onPayload(payload);
    },
    onclose: () => {
      if (!stopped) onLost();
      schedule();
    },
  } as postgres.Options<Record<string, never>>);

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    const delay = Math.min(5_000, 250 * 2 ** Math.min(failures, 5));
    timer = setTimeout(() => void subscribe(), delay);
  }

  async function subscribe(): Promise<boolean> {
    try {
      await sql`listen ${sql(channel)}`;
      failures = 0;
      if (!stopped) onListening();
      return true;
    } catch {
      failures++;
      schedule();
      return false;
    }
  }

  if (!(await subscribe())) {
    stopped = true;
    clearTimeout(timer);
    await sql.end({ timeout: 1 });
    throw new Error(`Could not LISTEN on ${channel}`);
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await sql.end({ timeout: 1 });
  };
}
