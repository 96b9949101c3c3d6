/**
 * A message's text, shown as text (React escapes it: no HTML from a message is ever interpreted),
 * with http(s) addresses turned into links that open in a new tab without access to this page
 * (rel="noopener noreferrer"). Anything else that looks like a link (javascript:, data:...) stays text.
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that usually ends a sentence rather than the address. */
const TRAILING = /[.,!?;:)\]}'"]+$/;

export function safeHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function MessageText({ text }: { text: string }) {
  const parts: (string | { href: string; label: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const label = match[0].replace(TRAILING, '');
    const href = safeHref(label);
    if (!href) continue;
    parts.push(text.slice(last, match.index), { href, label });
    last = match.index + label.length;
  }
  parts.push(text.slice(last));
  return (
    <p>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.label}
          </a>
        ),
      )}
    </p>
  );
}
