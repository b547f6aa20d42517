/**
 * What makes two display names the same name to a reader. A name is stored in NFKC with its
 * spaces collapsed, so full-width or stylised letters are the plain ones; a name holding an
 * invisible or direction-changing character is refused, since it shows as another name; and
 * uniqueness is decided on a skeleton, so a name that only looks like a taken one is taken too.
 */

/**
 * The name as stored: NFKC, every run of spaces one space, no space at either end. Only spaces
 * (Zs): `\s` and `trim()` would also swallow a byte order mark or a line break, which are refused.
 */
export function normalizeDisplayName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/\p{Zs}+/gu, ' ')
    .replace(/^ | $/g, '');
}

// Controls (Cc), format characters (Cf: zero-width U+200B–U+200F, U+2060–U+2064, U+FEFF, the
// soft hyphen, the bidi embeddings U+202A–U+202E and isolates U+2066–U+2069), line and paragraph
// separators, and the letters that draw as blanks (Hangul fillers, braille blank).
const invisible = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

export function hasInvisibleCharacter(name: string): boolean {
  return invisible.test(name);
}

/** A table from each character of `from` to the character at the same place in `to`. */
function lookalikes(from: string, to: string): ReadonlyMap<string, string> {
  const targets = Array.from(to);
  return new Map(Array.from(from, (char, index) => [char, targets[index] ?? char]));
}

// Read before lower-casing: capitals that are Latin letters to the eye (a capital I is an l, and
// Greek and Cyrillic capitals lose the likeness once lower-cased: Η → η, В → в).
const capitalLookalikes = lookalikes(
  'I1|0' + 'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ' + 'АВЕКМНОРСТХУЅЈІӀ',
  'lllo' + 'abezhlkmnoptyx' + 'abekmhopctxysjll',
);

// Read after lower-casing and removing accents (ё has become е, ί has become ι).
const smallLookalikes = lookalikes(
  'авеорсухкіјѕԁһԛԝүӏ' + 'αορικνυτχϲεγ',
  'abeopcyxkijsdhqwyl' + 'aopikvutxcey',
);

const mapEach = (text: string, table: ReadonlyMap<string, string>) =>
  Array.from(text, (char) => table.get(char) ?? char).join('');

/**
 * The form two names share when a reader could take one for the other: NFKC, look-alike capitals
 * and digits (I, 1, | → l; 0 → o), lower case, no accents, Cyrillic and Greek look-alikes as the
 * Latin letters, and the pairs that read as one letter (rn → m, vv → w).
 */
export function displayNameSkeleton(raw: string): string {
  const folded = mapEach(normalizeDisplayName(raw), capitalLookalikes).toLowerCase();
  const bare = folded.normalize('NFD').replace(/\p{M}/gu, '');
  return mapEach(bare, smallLookalikes).replace(/rn/g, 'm').replace(/vv/g, 'w');
}
