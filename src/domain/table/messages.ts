import type { FogChange } from './fog';
import type { HealthBand } from './types';

/** « d’ » before a vowel, as French writes it: « au tour d’Aria », « au tour de Gobelin 1 ». */
const ofName = (name: string) => (/^[aeiouàâäéèêëîïôöùûüœæ]/i.test(name) ? `d’${name}` : `de ${name}`);

/** French texts of the table's rules; the spec's own texts are verbatim (table.md §4–§6). */
export const tableMessages = {
  killed: (name: string) => `Vous avez tué un ${name}.`,
  turnOf: (name: string) => `C’est au tour ${ofName(name)}.`,
  /** A round begins (decision 0020): the chat's line and the turn panel's heading. */
  round: (round: number) => `Round ${round}`,
  initiative: 'Initiative',
  nobodyCanPlay: 'Aucun participant ne peut jouer\u00a0: tous sont à terre.',
  renamed: (was: string, now: string, visible: boolean) =>
    visible
      ? `Les joueurs voient désormais ${was} sous le nom de ${now}.`
      : `Les joueurs ne voient plus ${was}, désormais ${now}.`,
  selfAdjusted: (name: string, resource: 'HP' | 'soulEssence', from: number, to: number) =>
    `${name} ajuste ${resource === 'HP' ? 'ses PV' : 'son essence d’âme'} : ${from} → ${to}.`,
  equipped: (name: string) => `Équipé: ${name}`,
  unequipped: (name: string) => `Déséquipé: ${name}`,
  /** The spec's 'Équipé: X' as the table reads it: whose character, after it. */
  worn: (line: string, character: string) => `${line} (${character})`,
  playerUnidentified: "Impossible d'envoyer le message : joueur non identifié !",
  systemName: 'Système',
  tokenNotFound: 'Pion introuvable.',
  notYourToken: 'Vous ne pouvez modifier que votre propre pion.',
  emptyGroupMove: 'Aucun pion à déplacer.',
  tokenTwiceInGroup: 'Un pion ne peut figurer qu’une fois dans un déplacement groupé.',
  onlyOwnCharacter: 'Vous ne pouvez placer que votre propre personnage.',
  alreadyOnMap: 'Ce personnage est déjà sur la carte.',
  invalidToken: 'Pion invalide.',
  onlyMasterTokens: 'Seul le MJ peut masquer ou afficher un pion.',
  onlyMasterSize: 'Seul le MJ peut changer la taille d’un pion.',
  onlyMasterMap: 'Seul le MJ peut changer de carte.',
  onlyMasterHandout: 'Seul le MJ peut montrer ou reprendre un document.',
  onlyMasterTurnOrder: "Seul le MJ peut gérer l'ordre de tour.",
  /** A player's « Finir mon tour » when the turn is not one of their tokens': it never says whose it is. */
  notYourTurn: 'Ce n’est pas votre tour.',
  invalidAmount: 'Le montant doit être un nombre entier positif ou nul.',
  noSoulEssence: "Ce pion n'a pas d'essence d'âme.",
  noTokenOnMap: 'Aucun pion sur cette carte.',
  noCombat: 'Aucun combat en cours.',
  invalidTurnOrder: 'Ordre de tour invalide.',
  emptyMessage: 'Le message est vide.',
  messageTooLong: 'Le message ne peut pas dépasser 250 caractères.',
  invalidRoll: 'Jet de dés invalide.',
  mapNotOpen: "Cette carte n'est pas ouverte sur la table.",
  onlyMasterBrings: 'Seul le MJ peut amener la vue de tous les joueurs.',
  bringToUnseenMap: 'Les joueurs ne voient pas cette carte\u00a0: impossible d’y amener leur vue.',
  mapFull: 'Cette carte porte déjà 500 pions : retirez-en avant d’en placer d’autres.',
  onlyMasterGrid: 'Seul le MJ peut régler la grille.',
  invalidGrid: 'Grille invalide\u00a0: une case mesure de 10 à 1000\u00a0pixels.',
} as const;

/** The attack's refusals (table.md §5, verbatim where the spec gives them) and its chat lines. */
export const attackMessages = {
  deadTarget: "Impossible d'attaquer une créature morte !",
  outOfRange: 'Cible hors de portée !',
  notOnMap: 'Votre personnage doit être présent sur la carte pour attaquer !',
  mastersDoNotAttack: 'Le MJ ne peut pas attaquer depuis le menu des joueurs.',
  onlyMasterMonsters: 'Seul le MJ peut faire attaquer un monstre.',
  tokenNotFound: tableMessages.tokenNotFound,
  attackerDown: 'Un personnage à terre ne peut pas attaquer.',
  noAim: 'Choisissez où viser.',
  nobodyInArea: 'Aucune créature dans la zone.',
  tooManyInArea: (caught: number) =>
    `La zone prend ${caught} créatures, ${MAX_AREA_TARGETS} au plus : visez un groupe plus petit.`,
  notEnoughEssence: (cost: number) => `Essence d’âme insuffisante : cette attaque en coûte ${cost}.`,
  unknownAttack: 'Cette attaque n’appartient pas à l’arme équipée.',
  noWeapon: 'Aucune arme équipée',
  label: (attack: string, target: string) => `${attack} → ${target}`,
  /** A monster dies, a character falls: told when the blow lands. */
  killedBy: (attacker: string, target: string) => `${attacker} a tué ${target}.`,
  downedBy: (attacker: string, target: string) => `${attacker} a mis ${target} à terre.`,
  /** A character strikes while a fight runs and it is not their turn (decision 0020). */
  outOfTurn: (attacker: string) => `${attacker} attaque hors de son tour.`,
  /** To the victim of a strike they could not see: what it cost, never what struck. */
  struckUnseen: (lost: number) => `Quelque chose vous frappe\u00a0: −${lost} PV`,
  damageLabel: (target: string) => `Dégâts sur ${target}`,
  armour: (armourClass: number) => `CA ${armourClass}`,
  criticalSuccess: 'réussite critique !',
  hit: 'touché !',
  miss: 'raté.',
  criticalFail: 'échec critique !',
} as const;

/** Tokens a map may carry: a turn order names at most as many, and a battle never needs more. */
export const MAX_TOKENS_PER_MAP = 500;

/**
 * Creatures one area attack may strike. Each costs at most five events (its roll, its damage, its
 * HP, the line to a victim who could not see the striker, its death), so no command writes more
 * than 2 + 5 × 20 + 1 (the barrier in the striker's history) = 103: a fireball over a map of 500 tokens would write 1,500 in one append and
 * hold every other game of the process while it is logged and sent.
 */
export const MAX_AREA_TARGETS = 20;

/** Chat input limit (table.md §9 "Table"). */
export const MESSAGE_MAX_LENGTH = 250;

/**
 * A command the server may or may not have done: its owner went away before answering, or the
 * server is stopping (docs/live-table.md "Command ids"). The client has sent it again under its id,
 * which is never done twice; what is left is to look before doing it anew.
 */
export const outcomeUnknown =
  'Le serveur redémarre : la commande a peut-être déjà été prise en compte. Vérifiez la table avant de la refaire.';

/** The refusals of a marking and the line of conditions that run out (docs/live-table.md "Conditions"). */
export const conditionMessages = {
  invalidRounds: 'La durée est un nombre entier de rounds, de 1 à 99, ou aucune.',
  markWithoutWords: 'Écrivez la marque à poser.',
  markTooLong: 'Une marque tient en 24 caractères au plus.',
  unknownKind: 'État inconnu.',
  tooMany: 'Un pion porte 12 états au plus\u00a0: retirez-en un d’abord.',
  gone: 'Cet état n’est plus sur le pion.',
  ended: (name: string, conditions: readonly string[]) =>
    `Fin ${conditions.length > 1 ? 'des états' : 'de l’état'} ${conditions.map((one) => `«\u00a0${one}\u00a0»`).join(', ')} pour ${name}.`,
} as const;

/** What undo and redo say (decision 0022): the actions' labels, the refusals, the line of a turn taken back. */
export const undoMessages = {
  moved: (name: string) => `Déplacement ${ofName(name)}`,
  movedMany: (count: number) => `Déplacement de ${count} pions`,
  placed: (name: string) => `Placement ${ofName(name)}`,
  removed: (name: string) => `Retrait ${ofName(name)}`,
  visibility: (name: string) => `Visibilité ${ofName(name)}`,
  hitPoints: (name: string) => `PV ${ofName(name)}`,
  essence: (name: string) => `Essence ${ofName(name)}`,
  conditions: (name: string) => `États ${ofName(name)}`,
  size: (name: string) => `Taille ${ofName(name)}`,
  nextTurn: 'Tour suivant',
  participants: 'Participants du tour',
  reordered: 'Ordre du tour',
  newCombat: 'Nouveau combat',
  grid: 'Grille',
  fog: (change: FogChange) =>
    change.kind === 'shape' ? 'Brouillard' : change.base === 'revealed' ? 'Tout révéler' : 'Tout cacher',
  /** The barriers' labels: feminine nouns opening on a vowel, as `barrier` writes them. */
  attack: (name: string) => `Attaque ${ofName(name)}`,
  initiative: 'Initiative',
  barrier: (label: string) =>
    `L’${label.charAt(0).toLowerCase()}${label.slice(1)} ne peut pas être annulée\u00a0: ses jets ont déjà été vus.`,
  /** Said to a screen reader once the server took the user's undo or redo. */
  said: (direction: 'undo' | 'redo', label: string) =>
    `${direction === 'undo' ? 'Annulé' : 'Rétabli'}\u00a0: ${label}`,
  nothingToUndo: 'Rien à annuler.',
  nothingToRedo: 'Rien à rétablir.',
  tokenGone: (direction: 'undo' | 'redo', label: string) =>
    `Impossible ${direction === 'undo' ? 'd’annuler' : 'de rétablir'} «\u00a0${label}\u00a0»\u00a0: un pion qu’elle touche n’est plus sur la carte.`,
  tokenBack: (direction: 'undo' | 'redo', label: string) =>
    `Impossible ${direction === 'undo' ? 'd’annuler' : 'de rétablir'} «\u00a0${label}\u00a0»\u00a0: le pion est déjà sur la carte.`,
  fogChanged: (direction: 'undo' | 'redo', label: string) =>
    `Impossible ${direction === 'undo' ? 'd’annuler' : 'de rétablir'} «\u00a0${label}\u00a0»\u00a0: le brouillard a été effacé depuis.`,
  turnBack: (name: string) => `Retour au tour ${ofName(name)}.`,
} as const;

/** The refusals of the fog of war (docs/decisions/0023-fog-of-war.md). */
export const fogMessages = {
  onlyMaster: 'Seul le MJ peut dessiner le brouillard.',
  invalidShape: 'Forme de brouillard invalide.',
  tooManyShapes:
    'Cette carte porte déjà 1\u00a0000 formes de brouillard\u00a0: «\u00a0Tout révéler\u00a0» ou «\u00a0Tout cacher\u00a0» repart de zéro.',
} as const;

export const visionMessages = {
  onlyMaster: 'Seul le MJ peut dessiner les murs et régler la lumière.',
  unknownDoor: 'Cette porte n’existe pas sur la carte.',
  unknownWall: 'Ce mur n’existe pas sur la carte.',
  takenId: 'Un mur de la carte porte déjà cet identifiant.',
  nothingToClear: 'Cette carte n’a ni murs ni lumière réglée.',
} as const;

/**
 * What the table's live region and the tokens' names say (docs/accessibility.md): short French
 * sentences, cells named as on a chessboard (« D5 »).
 */
export const spokenMessages = {
  at: (cell: string) => `en ${cell}`,
  hp: (current: number, max: number) => `${current} PV sur ${max}`,
  band: {
    unhurt: 'indemne',
    wounded: 'blessé',
    badlyWounded: 'gravement blessé',
    dead: 'mort',
  } satisfies Record<HealthBand, string>,
  down: 'à terre',
  yours: 'votre pion',
  away: (cells: number) => (cells <= 1 ? `à ${cells} case` : `à ${cells} cases`),
  moved: (name: string, cell: string) => `${name} avance en ${cell}.`,
  placed: (name: string, cell: string) => `${name} apparaît en ${cell}.`,
  removed: (name: string) => `${name} quitte la carte.`,
  hidden: (name: string) => `${name} est masqué aux joueurs.`,
  lost: (name: string, amount: number, left: string) => `${name} perd ${amount} PV\u00a0: ${left}.`,
  healed: (name: string, amount: number, left: string) => `${name} regagne ${amount} PV\u00a0: ${left}.`,
  fell: (name: string) => `${name} est à terre.`,
  died: (name: string) => `${name} est mort.`,
  nowBand: (name: string, band: string) => `${name} est ${band}.`,
  essence: (name: string, current: number, max: number) =>
    `Essence d’âme de ${name}\u00a0: ${current} sur ${max}.`,
  conditions: (name: string, names: readonly string[]) =>
    names.length === 0 ? `${name} n’a plus d’état.` : `${name}\u00a0: ${names.join(', ')}.`,
  said: (speaker: string, text: string) => `${speaker}\u00a0: ${text}`,
  whispered: (speaker: string, to: string, text: string) => `${speaker}, en murmure à ${to}\u00a0: ${text}`,
  mapShown: (name: string) => `Carte\u00a0: ${name}.`,
  noMap: 'Plus de carte affichée.',
  handoutShown: (title: string) => `Document montré\u00a0: ${title}.`,
} as const;
