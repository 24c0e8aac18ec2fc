// Small pieces of English the screens share: counted nouns and waits a person
// can read at a glance ("about 46 minutes", never "2771 seconds").

/** "1 note", "3 notes"; `many` for irregular plurals. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/** A wait rounded the way people say it: "a few seconds", "about 46 minutes", "about 2 hours". */
export function aboutDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 10) return "a few seconds";
  if (s < 60) return plural(s, "second");
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `about ${plural(minutes, "minute")}`;
  const hours = Math.round(s / 3600);
  if (hours < 48) return `about ${plural(hours, "hour")}`;
  return `about ${plural(Math.round(s / 86_400), "day")}`;
}
