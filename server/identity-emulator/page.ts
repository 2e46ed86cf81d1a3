// The emulator's one HTML page, in three modes: "embedded" is /websdk/websdk.html inside the
// WebSDK's iframe (it talks to the host page through postMessage); "hosted" is the standalone page
// an additional owner opens from their email; "expired" is shown for an unknown or stale link.
// The behaviour lives in public/widget.js; this only sets the stage for it.
export type PageMode = { mode: "embedded" } | { mode: "hosted"; linkId: string } | { mode: "expired" };

const STYLE = `
  :root { color-scheme: light; font-family: Roboto, system-ui, sans-serif; font-size: 14px; }
  body { margin: 0; padding: 24px; color: #1f2933; background: #fff; }
  /* Sumsub's "dark" theme (the host passes it as ?theme= and in idCheck.init): the product's dark palette. */
  body[data-theme="dark"] { color-scheme: dark; color: #ffffff; background: #1e1e1e; }
  body[data-theme="dark"] button { background: #90caf9; border-color: #90caf9; color: rgba(0, 0, 0, .87); }
  body[data-theme="dark"] button.secondary { background: transparent; color: #90caf9; }
  body[data-theme="dark"] button.danger { background: #f48a8a; border-color: #f48a8a; }
  body[data-theme="dark"] [role="alert"] { color: #f48a8a; }
  main { max-width: 520px; margin: 0 auto; }
  h1 { font-size: 20px; margin: 0 0 8px; }
  h2 { font-size: 16px; margin: 16px 0 8px; }
  p { line-height: 1.5; }
  .note { font-size: 12px; opacity: .7; }
  button { min-width: 120px; padding: 10px 16px; margin: 4px 8px 4px 0; border-radius: 6px; border: 1px solid #1565c0;
           background: #1565c0; color: #fff; font-size: 14px; cursor: pointer; }
  button.secondary { background: transparent; color: #1565c0; }
  button.danger { background: #c62828; border-color: #c62828; }
  button:disabled { opacity: .5; cursor: default; }
  ol.steps { padding-left: 20px; }
  ol.steps li[data-done="true"] { text-decoration: line-through; opacity: .7; }
  [role="alert"] { color: #c62828; }
`;

export function renderWidgetPage(page: PageMode): string {
  const body =
    page.mode === "expired"
      ? `<main aria-label="Identity verification"><h1>Verification link expired</h1><p>This verification link is invalid or has expired. Ask the account holder to send a new one.</p></main>`
      : `<main aria-label="Identity verification">
  <h1>${page.mode === "hosted" ? "Verify your identity" : "Identity verification"}</h1>
  <p class="note">Local identity emulator: no document or photo leaves this machine.</p>
  <div id="app" aria-live="polite"><p role="status">Loading…</p></div>
</main>
<script src="/websdk/emulator.js"></script>`;
  const data = page.mode === "hosted" ? ` data-mode="hosted" data-link="${page.linkId}"` : ` data-mode="${page.mode}"`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Identity verification (local emulator)</title>
<style>${STYLE}</style>
</head>
<body${data}>
${body}
</body>
</html>`;
}
