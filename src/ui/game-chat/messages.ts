import { diceMessages } from '../../domain/dice/messages';
import { voiceUnsupported } from '../../machines/game-chat.machine';

/** Every text of the game chat panel and its macros (table.md §2, §5, §8). */
export const gameChatTexts = {
  title: 'Chat de la partie',
  collapse: 'Replier le chat',
  expand: 'Déplier le chat',
  loading: 'Chargement des messages…',
  empty: 'Aucun message pour le moment',
  retry: 'Réessayer',
  inputLabel: 'Votre message',
  placeholder: 'Message, /r 1d20+2, /w Nom message…',
  send: 'Envoyer',
  pending: 'envoi…',
  failed: 'non envoyé',
  discard: 'Abandonner',
  linesLabel: 'Messages de la partie',
  newLines: 'Nouveaux messages',
  dismiss: 'Fermer',
  voiceOn: 'Lecture vocale activée',
  voiceOff: 'Lecture vocale désactivée',
  voiceUnsupported,
  diceMenu: 'Dés',
  diceTitle: 'Lancer des dés',
  diceType: 'Type de dé',
  diceCount: 'Nombre de dés',
  freeCount: 'Autre (7–20)',
  bonus: 'Bonus',
  roll: 'Lancer',
  formIncomplete: diceMessages.formIncomplete,
  skillsMenu: 'Compétences',
  skillsTitle: 'Jet de compétence',
  today: "Aujourd'hui",
  yesterday: 'Hier',
  mj: 'MJ',
  macrosTitle: 'Macros',
  noMacros: 'Aucune macro disponible',
  moreMacros: (count: number) => `+${count}`,
  fewerMacros: 'Moins',
  previousMacros: 'Macros précédentes',
  nextMacros: 'Macros suivantes',
  newMacro: 'Nouvelle macro',
  editMacro: 'Modifier la macro',
  deleteMacro: 'Supprimer la macro',
  macroTitle: 'Titre',
  macroContent: 'Contenu',
  save: 'Enregistrer',
  cancel: 'Annuler',
  close: 'Fermer',
  delete: 'Supprimer',
  confirmDelete: (title: string) => `Supprimer la macro « ${title} » ?`,
  edit: 'Modifier',
  sendMacro: (title: string) => `Envoyer la macro ${title}`,
  rollModeLegend: 'Visibilité des jets',
  rollModes: { public: 'Jet public', secret: 'Jet secret', blind: 'Jet à l’aveugle' },
  /** Beside « Dés » while the menus roll out of sight, so the choice is not forgotten. */
  rollModeShort: { secret: 'secret', blind: 'aveugle' },
  /** On the lines the reader sees whole and the others do not. */
  rollModeTag: { secret: 'jet secret', blind: 'jet à l’aveugle' },
  whisperTo: (name: string) => `murmure à ${name}`,
  whisperNames: 'Personnages à qui murmurer',
  /** Said to a screen reader as the names offered after /w change. */
  whisperNamesOffered: (count: number) =>
    count === 1
      ? '1\u00a0nom proposé\u00a0: Tab ou Entrée pour le compléter, Échap pour fermer.'
      : `${count}\u00a0noms proposés\u00a0: ↑ et ↓ pour choisir, Tab ou Entrée pour compléter, Échap pour fermer.`,
} as const;

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** 24-hour French time: '09:05', '21:40'. */
export const chatTime = (iso: string) => timeFormat.format(new Date(iso));

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** The separator above a day's first line: 'Aujourd'hui', 'Hier' or the full date. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return gameChatTexts.today;
  if (dayKey(date) === dayKey(yesterday)) return gameChatTexts.yesterday;
  return dateFormat.format(date);
}

export const sameDay = (a: string, b: string) => dayKey(new Date(a)) === dayKey(new Date(b));
