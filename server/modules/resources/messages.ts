import type { ResourceCategory } from '#shared/domain/resources/categories';

/** What a game holds too many of, in the refusal's words. */
const pluralNames: Record<ResourceCategory, string> = {
  memory: 'mémoires',
  rune: 'runes',
  echo: 'échos',
  aspectAbility: 'capacités d’aspect',
  enchantment: 'enchantements',
  item: 'objets',
  monster: 'monstres',
  map: 'cartes',
  attack: 'attaques',
};

/** The resources module's French texts that the spec does not give word for word. */
export const resourcesMessages = {
  resourceNotFound: 'Ressource introuvable dans cette partie.',
  tooManyIds: (max: number) => `${max} identifiants au plus par appel.`,
  characterNotFound: 'Personnage introuvable dans cette partie.',
  pictureNotStored:
    'L’image choisie n’est pas un fichier de cette partie : envoyez-la comme carte, portrait ou image de personnage.',
  weaponNotFound: 'L’arme choisie doit être une mémoire de cette partie.',
  alreadyHeld: 'Ce personnage possède déjà cette ressource.',
  notHeld: 'Ce personnage ne possède pas cette ressource.',
  notLinkable: 'Cette catégorie ne peut pas être donnée à un personnage.',
  deleted: 'Ressource supprimée avec succès !',
  assigned: 'Ressource attribuée au personnage avec succès !',
  unassigned: 'Ressource retirée du personnage avec succès !',
  addedToAll: 'Ressource ajoutée à tous les joueurs avec succès !',
  tooMany: (category: ResourceCategory, cap: number) =>
    `Cette partie a atteint la limite de ${cap} ${pluralNames[category]} : supprimez-en pour en ajouter d’autres.`,
} as const;
