/** Server-rendered HTML helpers shared by the consent pages, the hosted invoice and the control page. */

export type Html = { readonly html: string };

const escapeMap: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (char) => escapeMap[char] ?? char);

/** Marks text as already-safe markup. */
export const raw = (html: string): Html => ({ html });

const render = (value: unknown): string => {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && 'html' in value && typeof value.html === 'string') return value.html;
  return escapeHtml(value);
};

/** Tagged template that escapes every interpolation unless it is `Html` (or an array of them). */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): Html => {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return raw(out);
};

const styles = `
  :root { color-scheme: light; --fg:#1a1f36; --muted:#697386; --line:#e3e8ee; --accent:#635bff; --bg:#f6f9fc; }
  * { box-sizing: border-box; }
  body { margin:0; font:14px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif; color:var(--fg); background:var(--bg); }
  header { background:#fff; border-bottom:1px solid var(--line); padding:12px 24px; display:flex; gap:16px; align-items:center; }
  header a { color:var(--fg); text-decoration:none; font-weight:500; }
  header .brand { font-weight:700; margin-right:12px; }
  main { max-width:1180px; margin:0 auto; padding:24px; }
  .card { background:#fff; border:1px solid var(--line); border-radius:8px; padding:16px 20px; margin-bottom:20px; }
  .narrow { max-width:480px; margin:48px auto; }
  h1 { font-size:22px; margin:0 0 16px; } h2 { font-size:17px; margin:0 0 12px; } h3 { font-size:15px; margin:16px 0 8px; }
  table { width:100%; border-collapse:collapse; }
  th, td { text-align:left; padding:6px 8px; border-bottom:1px solid var(--line); vertical-align:top; }
  th { color:var(--muted); font-weight:600; font-size:12px; text-transform:uppercase; }
  form.inline { display:inline; }
  form.row { display:flex; flex-wrap:wrap; gap:8px; align-items:flex-end; margin:8px 0; }
  label { display:flex; flex-direction:column; gap:2px; font-size:12px; color:var(--muted); }
  input, select { font:inherit; padding:5px 8px; border:1px solid var(--line); border-radius:6px; background:#fff; color:var(--fg); }
  button { font:inherit; padding:5px 12px; border-radius:6px; border:1px solid var(--accent); background:var(--accent); color:#fff; cursor:pointer; }
  button.secondary { background:#fff; color:var(--accent); }
  button.danger { background:#fff; color:#cd3d64; border-color:#cd3d64; }
  .muted { color:var(--muted); } .mono { font-family:ui-monospace,Menlo,monospace; font-size:12px; }
  .badge { display:inline-block; padding:0 8px; border-radius:10px; font-size:12px; background:var(--line); }
  .badge.ok { background:#d7f7c2; } .badge.warn { background:#fcedb9; } .badge.bad { background:#ffe7f2; }
  .grid { display:grid; grid-template-columns:repeat(auto-fill,minmax(220px,1fr)); gap:12px; }
  .notice { background:#e8f0fe; border:1px solid #c5d7fb; padding:8px 12px; border-radius:6px; margin-bottom:16px; }
  a { color:var(--accent); }
`;

export type PageOptions = { title: string; nav?: Html; narrow?: boolean; notice?: string };

export const page = ({ title, nav, narrow, notice }: PageOptions, body: Html): string =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title}</title>
        <style>
          ${raw(styles)}
        </style>
      </head>
      <body>
        ${nav ?? ''}
        <main class="${narrow ? 'narrow' : ''}">
          ${notice ? html`<div class="notice">${notice}</div>` : ''}${body}
        </main>
      </body>
    </html>`.html;

export const badge = (text: string): Html => {
  const tone = ['active', 'paid', 'succeeded', 'delivered', 'trialing', 'true'].includes(text)
    ? 'ok'
    : ['past_due', 'open', 'incomplete', 'paused', 'draft', 'pending', 'requires_payment_method'].includes(
          text,
        )
      ? 'warn'
      : ['canceled', 'unpaid', 'void', 'uncollectible', 'failed', 'incomplete_expired', 'false'].includes(
            text,
          )
        ? 'bad'
        : '';
  return html`<span class="badge ${tone}">${text}</span>`;
};

/** Hidden inputs that carry values through a form post. */
export const hiddenInputs = (values: Record<string, string | undefined>): Html =>
  raw(
    Object.entries(values)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join(''),
  );
