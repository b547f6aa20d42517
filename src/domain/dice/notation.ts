import { diceMessages } from './messages';

/** The dice of the form and of the commands (table.md §9). */
export const DICE_SIDES = [2, 4, 6, 8, 10, 12, 20] as const;
export type DieSides = (typeof DICE_SIDES)[number];
/** The form offers 1–6 as buttons; a free count is brought into 7–20. */
export const PRESET_COUNTS = [1, 2, 3, 4, 5, 6] as const;
export const FREE_COUNT_MIN = 7;
export const FREE_COUNT_MAX = 20;
/** A command's X has at most two digits. */
export const COMMAND_COUNT_MAX = 99;
/**
 * A command's die is free (table.md §5 names no list, unlike the form's): from a d2 to a d1000,
 * which covers every die a table uses (d3, d100…) and keeps 99 dice a short line.
 */
export const COMMAND_SIDES_MIN = 2;
export const COMMAND_SIDES_MAX = 1000;
/** Bounds the spec leaves open: enough for any real roll, small enough that a roll stays a message. */
export const BONUS_LIMIT = 999;

export interface DiceSpec {
  count: number;
  sides: number;
  bonus: number;
  /** Dice of other sides rolled with these (an attack's and its weapon's: 1d8+1d4+2). */
  extra?: DiceGroup[];
}

/** Some dice of one kind. */
export interface DiceGroup {
  count: number;
  sides: number;
}

export function isDieSides(value: number): value is DieSides {
  return (DICE_SIDES as readonly number[]).includes(value);
}

/** "2d6+3", "1d20-1", "1d8", "1d8+1d4+2". */
export function formatDice({ count, sides, bonus, extra = [] }: DiceSpec): string {
  const modifier = bonus > 0 ? `+${bonus}` : bonus < 0 ? `${bonus}` : '';
  const others = extra.map((group) => `+${group.count}d${group.sides}`).join('');
  return `${count}d${sides}${others}${modifier}`;
}

const sidesAndBonus = String.raw`d\s*(\d{1,4})(?:\s*([+-])\s*(\d{1,3}))?`;
const expression = String.raw`(\d{1,2})\s*${sidesAndBonus}`;
const diceExpression = new RegExp(`^${expression}$`, 'i');
/** A command's dice may leave out the count, as players write them: `d20` is `1d20`. */
const commandExpression = String.raw`(\d{1,2})?\s*${sidesAndBonus}`;

export function isCommandSides(value: number): boolean {
  return Number.isInteger(value) && value >= COMMAND_SIDES_MIN && value <= COMMAND_SIDES_MAX;
}

function specOf(
  count: string | undefined,
  sides: string,
  sign: string | undefined,
  bonus: string | undefined,
  dieAllowed: (sides: number) => boolean,
): DiceSpec | null {
  const spec = {
    count: count === undefined ? 1 : Number(count),
    sides: Number(sides),
    bonus: bonus === undefined ? 0 : (sign === '-' ? -1 : 1) * Number(bonus),
  };
  return spec.count >= 1 && dieAllowed(spec.sides) ? spec : null;
}

/**
 * A damage roll such as `1d10+5` (an attack's damageRoll, a monster's damage): XdY±Z with a die
 * of the table. Null when the text is not one, so the attack form can refuse it.
 */
export function parseDamageRoll(text: string): DiceSpec | null {
  const match = diceExpression.exec(text.trim());
  if (!match) return null;
  return specOf(match[1], match[2]!, match[3], match[4], isDieSides);
}

const damageTerm = /([+-]?)\s*(?:(\d{1,2})\s*d\s*(\d{1,4})|(\d{1,3}))\s*/giy;

/**
 * Terms added up — dice of the table and whole numbers, `1d8+2`, `1d8+1d4+2`, `+2`, `-1` — as
 * dice of each kind once, in the order first written, and one bonus. Null when the text is not
 * that, a die is subtracted, or it names more than 99 dice of a kind.
 */
export function parseDamageTerms(text: string): { groups: DiceGroup[]; bonus: number } | null {
  const groups: DiceGroup[] = [];
  let bonus = 0;
  const source = text.trim();
  if (source === '') return null;
  damageTerm.lastIndex = 0;
  let first = true;
  while (damageTerm.lastIndex < source.length) {
    const at = damageTerm.lastIndex;
    const match = damageTerm.exec(source);
    if (!match || match.index !== at || (!first && match[1] === '')) return null;
    first = false;
    const [, sign, count, sides, number] = match;
    if (number !== undefined) {
      bonus += (sign === '-' ? -1 : 1) * Number(number);
      continue;
    }
    if (sign === '-' || !isDieSides(Number(sides)) || Number(count) < 1) return null;
    const known = groups.find((group) => group.sides === Number(sides));
    if (known) known.count += Number(count);
    else groups.push({ count: Number(count), sides: Number(sides) });
    if ((known?.count ?? 0) > COMMAND_COUNT_MAX) return null;
  }
  return Math.abs(bonus) <= BONUS_LIMIT ? { groups, bonus } : null;
}

/** Damage as rolled: the first kind of dice, the others beside it, one bonus. */
export function damageDice(terms: { groups: DiceGroup[]; bonus: number }): DiceSpec | null {
  const [first, ...others] = terms.groups;
  if (!first) return null;
  return { ...first, bonus: terms.bonus, ...(others.length > 0 ? { extra: others } : {}) };
}

/**
 * A roll out of sight (docs/decisions/0021-whispers-and-secret-rolls.md): 'secret', its roller and
 * the managers read it; 'blind', the managers alone. Everyone else reads « jet secret ».
 */
export const ROLL_MODES = ['secret', 'blind'] as const;
export type RollMode = (typeof ROLL_MODES)[number];

export type ChatCommand =
  | { kind: 'roll'; dice: DiceSpec; mode?: RollMode }
  | { kind: 'attackRoll'; dice: DiceSpec; technique: string; weaponType: string }
  /** `rest`: the name and the words, as typed; the server resolves the name among the game's. */
  | { kind: 'whisper'; rest: string };

export type ParsedChat = { kind: 'message'; text: string } | ChatCommand | { kind: 'invalid'; error: string };

const rollCommand = new RegExp(`^/(r|roll|rs|gmr|gmroll|ra|br|blindroll)\\s+${commandExpression}$`, 'i');
/** French first (/rs « secret », /ra « à l’aveugle »), and the words Foundry and Roll20 players type. */
const rollModes: Record<string, RollMode | undefined> = {
  rs: 'secret',
  gmr: 'secret',
  gmroll: 'secret',
  ra: 'blind',
  br: 'blind',
  blindroll: 'blind',
};
const whisperCommand = /^\/(?:w|whisper)(?:\s+([\s\S]*))?$/i;
const attackRollCommand = new RegExp(`^/ar\\s+${commandExpression}\\s+(.+?)\\s*\\(([^()]+)\\)$`, 'i');

/** The refusal of anything that starts with a slash and is not a known command. */
export const invalidCommandText = `${diceMessages.invalidCommand} ${diceMessages.commandHelp}`;

/**
 * What a chat line asks for: text beginning with a slash is a command (table.md §5 "Chat"),
 * anything else a normal message.
 */
export function parseChatLine(line: string): ParsedChat {
  const text = line.trim();
  if (!text.startsWith('/')) return { kind: 'message', text };
  const roll = rollCommand.exec(text);
  if (roll) {
    const dice = specOf(roll[2], roll[3]!, roll[4], roll[5], isCommandSides);
    const mode = rollModes[roll[1]!.toLowerCase()];
    if (dice) return mode ? { kind: 'roll', dice, mode } : { kind: 'roll', dice };
  }
  const whisper = whisperCommand.exec(text);
  if (whisper) return { kind: 'whisper', rest: whisper[1] ?? '' };
  const attack = attackRollCommand.exec(text);
  if (attack) {
    const dice = specOf(attack[1], attack[2]!, attack[3], attack[4], isCommandSides);
    if (dice) return { kind: 'attackRoll', dice, technique: attack[5]!, weaponType: attack[6]!.trim() };
  }
  return { kind: 'invalid', error: invalidCommandText };
}

export interface DiceForm {
  sides: number | null;
  /** A preset count (1–6), or null when the free field is used. */
  count: number | null;
  /** The free field, as typed. */
  freeCount?: string;
  /** As typed; blank is no bonus. */
  bonus?: string;
}

/** The free count brought into 7–20; null when the field holds no number. */
export function clampFreeCount(text: string): number | null {
  const value = Number.parseInt(text, 10);
  if (Number.isNaN(value)) return null;
  return Math.min(FREE_COUNT_MAX, Math.max(FREE_COUNT_MIN, value));
}

/** A signed integer; anything unreadable counts as no bonus, and it stays within ±999. */
export function parseBonus(text: string | undefined): number {
  const match = /^\s*([+-]?)\s*(\d+)\s*$/.exec(text ?? '');
  if (!match) return 0;
  const value = (match[1] === '-' ? -1 : 1) * Number(match[2]);
  return Math.min(BONUS_LIMIT, Math.max(-BONUS_LIMIT, value));
}

/** The dice the form asks for, or the spec's refusal when a die type or a count is missing. */
export function readDiceForm(form: DiceForm): { dice: DiceSpec } | { error: string } {
  const count =
    form.count !== null && (PRESET_COUNTS as readonly number[]).includes(form.count)
      ? form.count
      : clampFreeCount(form.freeCount ?? '');
  if (form.sides === null || !isDieSides(form.sides) || count === null) {
    return { error: diceMessages.formIncomplete };
  }
  return { dice: { count, sides: form.sides, bonus: parseBonus(form.bonus) } };
}

/** Whether a spec is one the table rolls: a die of the table, 1–20 dice, a bonus within ±999. */
export function isRollable({ count, sides, bonus }: DiceSpec): boolean {
  return (
    Number.isInteger(count) &&
    count >= 1 &&
    count <= COMMAND_COUNT_MAX &&
    isDieSides(sides) &&
    Number.isInteger(bonus) &&
    Math.abs(bonus) <= BONUS_LIMIT
  );
}
