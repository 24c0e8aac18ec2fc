// Runs before the first paint: the theme this device chose (the "theme" cookie, set by
// Settings → Appearance) over the one the page was rendered with. They differ when the
// service worker serves a page it kept before the person switched (an offline reload
// showed the old dark theme after a switch to light, issue 38). Loaded with the page's
// nonce; the page's kept copy keeps the nonce of its kept CSP, so it runs offline too.
(() => {
  const chosen = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(document.cookie)?.[1];
  const root = document.documentElement;
  if (chosen) root.dataset.theme = chosen;
  else delete root.dataset.theme;
})();
