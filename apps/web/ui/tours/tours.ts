// The two in-app tours the service counts (interface.md §4.1 tour events): steps
// anchored to elements carrying `data-tour="…"`. `free-flight` walks through the
// notes screen; `bridge` is mounted by the Bridge page, whose log, compose box and
// epoch status carry the anchors named here.
export type TourSlug = "free-flight" | "bridge";

export interface TourStep {
  /** The `data-tour` value of the element this step points at. */
  target: string;
  title: string;
  body: string;
}

export interface TourDefinition {
  slug: TourSlug;
  /** The offer shown before the tour plays. */
  title: string;
  intro: string;
  steps: readonly TourStep[];
}

export const FREE_FLIGHT_TOUR: TourDefinition = {
  slug: "free-flight",
  title: "New here? Take the quick tour",
  intro: "Four short steps through your notes: writing, finding, taking them with you, and sync.",
  steps: [
    {
      target: "new-note",
      title: "Start a note",
      body: "Every note is encrypted on this device before it leaves it; the server only ever stores ciphertext.",
    },
    {
      target: "note-search",
      title: "Find anything",
      body: "Search looks through titles, tags and the text of every note as you type. Press / to jump here from anywhere.",
    },
    {
      // Not the Export button itself: it appears only once there is a note, and the
      // tour is offered before the first one. The row it will join is always there.
      target: "note-actions",
      title: "Take your notes with you",
      body: "Once you have a note, “Export all as Markdown” appears here, beside New note: a zip of every note, made right here in the browser.",
    },
    {
      target: "sync-status",
      title: "Always in sync",
      body: "This shows whether your changes have reached the server. Offline edits are kept and sent when you are back.",
    },
  ],
};

export const BRIDGE_TOUR: TourDefinition = {
  slug: "bridge",
  title: "Welcome to the bridge",
  intro: "Three steps through the encrypted log every premium member shares.",
  steps: [
    {
      target: "bridge-log",
      title: "The log",
      body: "Transmissions from every premium member, newest first. They are sealed end to end; the server cannot read them.",
    },
    {
      target: "bridge-compose",
      title: "Transmit",
      body: "Write here to send to everyone on the bridge. Your message is padded and sealed on this device first.",
    },
    {
      target: "bridge-epoch",
      title: "Key epochs",
      body: "The bridge key changes from time to time. Members hand the current key to newcomers, sealed to each of them.",
    },
  ],
};
