/**
 * The home screen's search parameter value that opens the profile modal (`/?modal=profil`): the
 * top bar opens it by address, without loading the modal's code before it is needed.
 */
export const PROFILE_MODAL = 'profil';
