import type { FogKind, FogMode } from '../../domain/table/fog';
import type { HealthBand } from '../../domain/table/types';
import type { FogSaid } from '../../machines/fog-editor.machine';
import { tableMessages } from '../../domain/table/messages';

/** Texts of the game page and its table (table.md §2 "Game screen"). */
export const gameMessages = {
  loading: 'Chargement de la partie…',
  code: 'Code',
  master: 'Maître du jeu :',
  back: 'Retour à l’accueil',
  connectedPlayers: 'Joueurs connectés',
  nobody: 'Aucun joueur connecté',
  goingHome: 'Retour à l’accueil…',
  syncing: 'Synchronisation de la table…',
  reconnecting: 'Connexion perdue, reconnexion…',
  roles: { mj: 'Maître du jeu', admin: 'Administrateur', player: 'Joueur' },
  characterSheet: 'Fiche de personnage',
  managementOn: 'Mode gestion',
  managementOff: 'Retour au chat',
  dismiss: 'Fermer',
} as const;

/** Two decimals, French style: « 3,47 cases ». */
const cellsFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The map's text alternative, « Liste des pions ». */
export const tokenListMessages = {
  open: 'Liste des pions',
  title: (map: string) => `Pions de la carte «\u00a0${map}\u00a0»`,
  close: 'Fermer la liste des pions',
  empty: 'Aucun pion sur la carte.',
} as const;

export const mapMessages = {
  selector: 'Carte',
  noMap: '— Aucune carte —',
  bringTitle: 'Changer de carte',
  bringQuestion: (name: string) => `Emmener les joueurs sur « ${name} » ?`,
  bringHint: 'Sinon, vous seul voyez cette carte pendant que vous la préparez.',
  bringYes: 'Oui, emmener les joueurs',
  bringNo: 'Non, la préparer seul',
  playersSee: (name: string) => `Les joueurs voient\u00a0: ${name}`,
  playersSeeNothing: 'Les joueurs ne voient aucune carte',
  area: 'Carte de la table',
  frameRole: 'carte',
  frameKeys:
    'Carte de la table. Flèches pour déplacer la vue, + et − pour zoomer, 0 pour ajuster, Entrée pour ajouter un pion sous la croix',
  frameKeysReadOnly: 'Carte de la table. Flèches pour déplacer la vue, + et − pour zoomer, 0 pour ajuster',
  waitingMap: 'Le maître du jeu n’a pas encore choisi de carte.',
  soulCore: 'Noyau d’âme',
  addToken: 'Ajouter un pion',
  players: 'Personnages',
  monsters: 'Monstres',
  nothingToPlace: 'Rien à placer ici.',
  alreadyPlaced: 'déjà sur la carte',
  placeHidden: 'Placer masqué',
  measure: (cells: number) => `${cellsFormat.format(cells)} cases`,
  shortcuts: 'Raccourcis',
  measureHint: 'Alt + clic pour mesurer une distance',
  previewOf: (name: string) => `Aperçu : ${name}`,
} as const;

/** The table's skip links (decision 0034). */
export const skipMessages = {
  label: 'Aller à une partie de la table',
  map: 'Aller à la carte',
  turnOrder: 'Aller à l’ordre du tour',
  chat: 'Aller au chat',
} as const;

/** A picture the MJ drops on the table to make it the map (decision 0028). */
export const mapImportMessages = {
  pick: 'Importer une carte',
  dropHere: 'Déposez l’image\u00a0: elle devient la carte de tous',
  progress: (name: string) => `Envoi de ${name}`,
  creating: (name: string) => `Création de la carte «\u00a0${name}\u00a0»…`,
  cancel: 'Annuler',
  dismiss: 'Fermer',
} as const;

/** Pings, the shared ruler and the selection (docs/decisions/0018-pings-and-selections.md). */
export const pointerMessages = {
  pingHere: 'Signaler ici',
  bringHere: 'Amener tout le monde ici',
  shareRuler: 'Mesure partagée',
  shareRulerTitle: 'Montrer aux autres la règle pendant que vous la tracez',
  rulerOf: (name: string, length: string) => `${name}\u00a0: ${length}`,
  pingHint: 'Ctrl + clic pour signaler un point',
  bringHint: 'Ctrl + Maj + clic pour y amener tout le monde',
  selectHint: 'Maj + clic ou Maj + glisser pour sélectionner des pions, Échap pour les désélectionner',
  selected: 'sélectionné',
  picking: 'Sélection',
  pickingTitle:
    'Toucher ou entourer des pions pour les sélectionner, puis en glisser un pour tous les déplacer',
} as const;

/** Undo and redo (decision 0022): the map's buttons and the shortcuts' line. */
export const historyMessages = {
  undo: 'Annuler',
  redo: 'Rétablir',
  undoTitle: (label: string | null) =>
    label ? `Annuler\u00a0: ${label} (Ctrl+Z)` : 'Rien à annuler (Ctrl+Z)',
  redoTitle: (label: string | null) =>
    label ? `Rétablir\u00a0: ${label} (Ctrl+Maj+Z)` : 'Rien à rétablir (Ctrl+Maj+Z)',
  hint: 'Ctrl + Z pour annuler votre dernière action, Ctrl + Maj + Z ou Ctrl + Y pour la rétablir',
} as const;

export const viewportMessages = {
  toolbar: 'Vue de la carte',
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  zoomLevel: 'Niveau de zoom',
  percent: (value: number) => `${value}\u00a0%`,
  fit: 'Ajuster',
  fitTitle: 'Voir toute la carte',
  ruler: 'Règle',
  rulerTitle: 'Glisser sur la carte pour mesurer une distance',
  tools: 'Outils',
  toolsTitle: 'Grille, brouillard et murs',
  toolsGroup: 'Outils du MJ',
} as const;

/** The map's grid (docs/live-table.md "The grid"): the MJ's tool and everyone's snapping. */
export const gridMessages = {
  tool: 'Grille',
  toolTitle: 'Aligner la grille sur la carte',
  panel: 'Grille de la carte',
  cellPx: 'Taille d’une case (px)',
  offsetX: 'Décalage horizontal (px)',
  offsetY: 'Décalage vertical (px)',
  shown: 'Afficher la grille',
  color: 'Couleur',
  opacity: 'Opacité',
  alignHint:
    'Glissez la case dorée sur une case dessinée de la carte, puis son coin pour en ajuster la taille.',
  cell: 'Case à aligner\u00a0: flèches pour déplacer la grille, Maj + flèches pour la taille',
  corner: 'Coin de la case\u00a0: glisser pour ajuster la taille',
  save: 'Enregistrer',
  saving: 'Enregistrement…',
  cancel: 'Annuler',
  snap: 'Aimanter',
  snapTitle: 'Poser les pions sur les cases de la grille (Alt en déposant\u00a0: pose libre)',
  freeDropHint: 'Alt en déposant un pion pour le poser hors de la grille',
  /** The ruler's count, in whole cells. */
  steps: (cells: number) => `${cells} ${cells > 1 ? 'cases' : 'case'}`,
} as const;

export const tokenMessages = {
  menu: (name: string) => `Pion ${name}`,
  hp: 'PV',
  soul: 'Essence d’âme',
  amount: 'Montant',
  decrease: (label: string) => `Retirer des ${label}`,
  increase: (label: string) => `Ajouter des ${label}`,
  hide: 'Masquer aux joueurs',
  show: 'Montrer aux joueurs',
  hidden: 'Masqué',
  inFog: 'dans le brouillard',
  remove: 'Supprimer le pion',
  removeQuestion: 'Retirer ce pion de la carte ?',
  removeConfirm: 'Confirmer',
  removeCancel: 'Annuler',
  details: 'Détails du monstre',
  strike: 'Faire attaquer',
  dead: 'Mort',
  playing: 'à son tour',
  /** A monster's state, all a player knows of its health (docs/live-table.md "Monster health"). */
  health: {
    unhurt: 'Indemne',
    wounded: 'Blessé',
    badlyWounded: 'Gravement blessé',
    dead: 'Mort',
  } satisfies Record<HealthBand, string>,
  state: 'État',
  close: 'Fermer',
  ac: 'CA',
  attackBonus: 'Bonus d’attaque',
  damage: 'Dégâts',
  speciality: 'Spécialité',
  description: 'Description',
  monster: 'Monstre',
  player: 'Personnage',
  /** « Taille », the monster form's names with the cells each covers. */
  size: 'Taille',
  sizeOption: (size: string, cells: number) =>
    cells === 1 ? `${size} (1\u00a0case)` : `${size} (${cells}\u00a0×\u00a0${cells}\u00a0cases)`,
  amountInvalid: 'Le montant doit être un nombre entier positif ou nul.',
} as const;

export const turnOrderMessages = {
  title: 'Ordre de tour',
  move: 'Déplacer le panneau',
  noCombat: 'Aucun combat en cours.',
  noMap: 'Aucune carte choisie.',
  generate: 'Générer',
  next: 'Tour suivant',
  /** A player's button while the turn is one of their tokens'. */
  endTurn: 'Finir mon tour',
  newCombat: 'Nouveau combat',
  round: tableMessages.round,
  participants: 'Participants',
  playing: 'joue',
  /** A player's view of a turn that belongs to someone hidden from them. */
  hiddenTurn: 'Participant caché',
  reorderHint: 'Glissez pour réordonner',
  reorderKeys: 'Alt + flèche haut ou bas pour déplacer',
  collapse: 'Replier',
  expand: 'Déplier',
} as const;

export const managementMessages = {
  title: 'Participants',
  empty: 'Aucun pion sur cette carte.',
  hidden: 'masqué',
  dead: 'mort',
  focus: 'Voir sur la carte',
  inTurnOrder: 'Ordre de tour',
} as const;

export const attackMenuMessages = {
  open: 'Attaquer',
  title: 'Attaques',
  loading: 'Lecture des attaques…',
  failed: 'Impossible de lire les attaques de votre personnage.',
  retry: 'Réessayer',
  close: 'Fermer',
  /** table.md §8 "Empty lists", verbatim. */
  noWeapon: 'Aucune arme équipée',
  noAttack: 'Aucune attaque disponible pour cette arme',
  weapon: (name: string) => `Arme : ${name}`,
  range: (cells: number) =>
    cells === 0 ? 'portée : déplacement' : `portée : ${cells} case${cells > 1 ? 's' : ''}`,
  area: { single: 'une cible', circle: 'cercle', line: 'ligne', cone: 'cône' } as Record<string, string>,
  targets: (count: number) =>
    count === 0 ? 'cibles illimitées' : `${count} cible${count > 1 ? 's' : ''} au plus`,
  aiming: (name: string, single: boolean) =>
    single ? `${name} : cliquez sur une cible (un clic dans le vide annule).` : `${name} : cliquez où viser.`,
  cancel: 'Annuler l’attaque',
  /** An attack's dice on a hit and the soul essence it burns (`attackNumbers`). */
  numbers: (damage: string, essence: number) => `Dégâts\u00a0: ${damage} · Essence\u00a0: ${essence}`,
  monsterAiming: (name: string) => `${name} attaque : cliquez sur sa cible (un clic dans le vide annule).`,
  aimingRegion: 'Attaque en cours',
  targetsInReach: 'Cibles à portée\u00a0: flèches pour choisir, Entrée pour attaquer, Échap pour annuler',
  target: (name: string, cells: number) => `${name}, à ${cells} case${cells > 1 ? 's' : ''}`,
  noTargetInReach: 'Aucune cible à portée.',
  aimByKeys: 'Flèches pour viser, Entrée pour attaquer, Échap pour annuler',
  caught: (names: readonly string[]) =>
    names.length === 0 ? 'Personne dans la zone.' : `Dans la zone\u00a0: ${names.join(', ')}`,
} as const;

const DRAWN: Record<FogKind, Record<FogMode, string>> = {
  rect: { reveal: 'Rectangle révélé.', cover: 'Rectangle caché.' },
  polygon: { reveal: 'Polygone révélé.', cover: 'Polygone caché.' },
  brush: { reveal: 'Zone révélée au pinceau.', cover: 'Zone cachée au pinceau.' },
};

/** The MJ's fog tool (decision 0023). */
export const fogMessages = {
  tool: 'Brouillard',
  toolTitle: 'Révéler ou cacher des zones de la carte aux joueurs',
  panel: 'Brouillard de guerre',
  mode: 'Effet',
  reveal: 'Révéler',
  cover: 'Cacher',
  shape: 'Forme',
  rect: 'Rectangle',
  polygon: 'Polygone',
  brush: 'Pinceau',
  brushSize: 'Taille du pinceau',
  revealAll: 'Tout révéler',
  coverAll: 'Tout cacher',
  close: 'Fermer',
  hint: {
    rect: 'Glissez sur la carte pour tracer le rectangle. Échap annule.',
    polygon: 'Cliquez chaque coin, puis Entrée ou double-clic pour fermer. Échap annule.',
    brush: 'Glissez sur la carte pour peindre. Échap annule.',
  },
  area: 'Zone de dessin du brouillard',
  keys: 'Au clavier\u00a0: les flèches déplacent le curseur d’une case (Maj\u00a0: d’un cinquième), Entrée ou Espace pose un coin, un point ou le pinceau, Retour arrière retire le dernier point, Échap annule.',
  finish: 'Terminer',
  /** Each step of a shape drawn from the keyboard, said in the live region. */
  said: (said: FogSaid): string => {
    switch (said.step) {
      case 'corner':
        return 'Premier coin posé\u00a0: déplacez le curseur, puis Entrée pour le coin opposé.';
      case 'point':
        if (said.count === 1) return 'Premier point posé.';
        return said.count < 3
          ? `Point ${said.count} posé.`
          : `Point ${said.count} posé\u00a0: Entrée sur le premier point ou «\u00a0Terminer\u00a0» ferme le polygone.`;
      case 'unpoint':
        return `Dernier point retiré\u00a0; il en reste ${said.count}.`;
      case 'painting':
        return 'Pinceau posé\u00a0: les flèches peignent, Espace le lève.';
      case 'drawn':
        return DRAWN[said.kind][said.mode];
      case 'empty':
        return 'Cette forme ne couvre rien\u00a0: déplacez le curseur.';
      case 'cancelled':
        return 'Forme annulée.';
    }
  },
} as const;

/** The MJ's walls tool and the sight drawn from them (docs/live-table.md "Walls and sight on screen"). */
export const visionMessages = {
  tool: 'Murs',
  toolTitle: 'Tracer les murs, portes et fenêtres qui arrêtent la vue',
  panel: 'Murs et vision',
  kind: 'Tracer',
  kinds: { wall: 'Mur', door: 'Porte', window: 'Fenêtre' },
  mode: 'Outil',
  draw: 'Tracer',
  erase: 'Effacer',
  lighting: 'Lumière',
  lit: 'Carte éclairée',
  dark: 'Carte sombre',
  finish: 'Terminer',
  cancel: 'Annuler le tracé',
  clear: 'Retirer la vision',
  forget: 'Oublier ce qui a été exploré',
  clearQuestion: 'Retirer tous les murs de cette carte et sa règle de vision ?',
  clearConfirm: 'Retirer',
  clearCancel: 'Garder',
  close: 'Fermer',
  hint: {
    draw: 'Cliquez chaque extrémité (Alt : sans aimanter), puis double-clic, Entrée ou « Terminer ». Échap annule.',
    erase: 'Cliquez un mur pour l’effacer.',
  },
  keys: 'Au clavier : les flèches déplacent le curseur, Entrée pose un point (deux fois : termine).',
  area: 'Zone de tracé des murs',
  /** The live region: where the keyboard's cursor is, and what was just done. */
  cursor: (column: number, row: number) => `Curseur colonne\u00a0${column}, ligne\u00a0${row}.`,
  points: (count: number) =>
    count === 1
      ? '1\u00a0point posé\u00a0; posez le suivant.'
      : `${count}\u00a0points posés\u00a0; Entrée deux fois pour terminer, Échap pour annuler.`,
  added: (count: number) => (count === 1 ? '1\u00a0mur tracé.' : `${count}\u00a0murs tracés.`),
  erasing: 'Effacer\u00a0: Entrée efface le mur le plus proche du curseur.',
  confirming: 'Confirmez le retrait de la vision.',
  /** A door on the map: its state and what a click does. */
  door: (open: boolean) => (open ? 'Porte ouverte — fermer' : 'Porte fermée — ouvrir'),
  walls: 'Murs de la carte',
  /** « Voir par les yeux de » from a token's menu, and the banner while it shows. */
  eyes: (name: string) => `Voir par les yeux de ${name}`,
  eyesBanner: (name: string) => `Vue de ${name}`,
  eyesBack: 'Revenir',
} as const;

/** The ambience (decision 0031): the MJ's panel and every player's own controls. */
export const ambienceMessages = {
  open: 'Ambiance',
  panel: 'Ambiance',
  close: 'Fermer l’ambiance',
  sounds: 'Sons de la partie',
  noSounds: 'Aucun son pour l’instant\u00a0: ajoutez un fichier Ogg ou MP3.',
  sound: (name: string, size: string) => `${name} (${size})`,
  unnamedSound: (date: string) => `Son du ${date}`,
  upload: 'Ajouter un son (Ogg ou MP3)',
  uploading: 'Envoi du son',
  link: 'Lien https d’un son',
  trackName: 'Nom de la piste',
  playLink: 'Jouer le lien',
  play: 'Jouer',
  loop: 'En boucle',
  fadeIn: 'Fondu d’entrée (s)',
  fadeOut: 'Fondu de sortie (s)',
  masterVolume: 'Volume du MJ',
  playing: 'En cours',
  nothingPlays: 'Aucune piste ne joue.',
  pause: 'Pause',
  resume: 'Reprendre',
  fade: 'Fondu vers ce volume',
  stop: 'Arrêter',
  paused: 'en pause',
  ending: 's’arrête',
  trackVolume: (name: string) => `Volume de ${name}`,
  /** Every player's own. */
  listener: 'Son',
  ownVolume: 'Mon volume',
  mute: 'Couper le son',
  unmute: 'Rétablir le son',
  dice: 'Son des dés',
  unlock: 'Activer le son',
  blocked: 'Le navigateur attend un clic pour jouer l’ambiance.',
  dismiss: 'Fermer le message',
} as const;

const shownDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** Handouts at the table (decision 0029): the players' « Documents » and the MJ's library. */
export const handoutMessages = {
  documents: 'Documents',
  documentsCount: (count: number) => (count === 0 ? 'Documents' : `Documents (${count})`),
  close: 'Fermer les documents',
  closeViewer: 'Fermer le document',
  noDocuments: 'Le maître du jeu ne vous a encore montré aucun document.',
  shownOn: (iso: string) => `Montré le ${shownDate.format(new Date(iso))}`,
  picture: 'Image',
  letter: 'Texte',
  readingPicture: 'Chargement de l’image…',
  retry: 'Réessayer',
  library: 'Documents de la partie',
  newHandout: 'Nouveau document',
  title: 'Titre',
  kind: 'Contenu',
  kindText: 'Un texte',
  kindPicture: 'Une image',
  text: 'Texte',
  textHint: 'Une ligne vide sépare deux paragraphes.',
  pictureFile: 'Image (PNG, JPEG ou WebP)',
  create: 'Créer le document',
  uploading: (percent: number) => `Envoi de l’image\u00a0: ${percent}\u00a0%`,
  saving: 'Enregistrement…',
  emptyLibrary: 'Aucun document préparé.',
  noPlayers: 'Aucun joueur dans cette partie.',
  shownTo: (names: string[]) =>
    names.length === 0 ? 'Montré à personne' : `Montré à\u00a0: ${names.join(', ')}`,
  show: 'Montrer…',
  showTo: (title: string) => `Montrer «\u00a0${title}\u00a0» à`,
  confirmShow: 'Montrer',
  cancel: 'Annuler',
  takeBack: 'Reprendre',
  delete: 'Supprimer',
  preview: 'Aperçu',
} as const;
