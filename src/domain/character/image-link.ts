/**
 * The image rule (table.md §5): a character's image is `Player_{name}.png` on the product's image
 * bucket, reached over https. The bucket's base address is configured on the server
 * (IMAGE_BUCKET_URL) and given to the client by `GET /config`. The file sits directly under the
 * base and is named after the character, spelled raw or percent-encoded.
 */
export function imageLinkAllowed(link: string, characterName: string, bucketBase: string | null): boolean {
  if (bucketBase === null) return false;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return false;
  }
  const base = withTrailingSlash(bucketBase);
  if (url.protocol !== 'https:' || url.search !== '' || url.hash !== '') return false;
  if (!url.href.startsWith(base)) return false;
  const file = url.href.slice(base.length);
  return safeDecode(file) === `Player_${characterName.trim()}.png`;
}

export const withTrailingSlash = (base: string): string => (base.endsWith('/') ? base : `${base}/`);

/** The address the rule expects, to show as an example beside the field. */
export const expectedImageLink = (characterName: string, bucketBase: string): string =>
  `${withTrailingSlash(bucketBase)}Player_${characterName.trim() || '{nom}'}.png`;

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
