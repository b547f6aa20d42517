/** The landing scene's French texts, verbatim from the spec where it gives them. */
export const sceneMessages = {
  enter: 'Entrer',
  callToAction: 'Commencer l’aventure',
  callToActionHint: 'ou touchez l’emblème pour vous connecter',
  back: 'Retour',
  backArrow: '↑',
  audioUnsupported: 'Votre navigateur ne supporte pas la balise audio.',
  volume: 'Volume de la musique',
  mute: 'Couper la musique',
  rotateDevice: 'Tournez votre appareil en mode paysage',
} as const;
