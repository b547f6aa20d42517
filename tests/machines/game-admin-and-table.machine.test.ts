import { NEVER, Subject, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, SimulatedClock } from 'xstate';
import type { PublicUser } from '../../src/api/schemas/auth';
import type { GameInvitation, InviteCandidate } from '../../src/api/schemas/game-invitations';
import type { GameData } from '../../src/api/schemas/games';
import {
  gameAdminMachine,
  gameAdminTexts,
  inviteFailure,
  type GameAdminEvent,
} from '../../src/machines/game-admin.machine';
import { gameScreenMachine, type GameScreenEvent } from '../../src/machines/game-screen.machine';
import { passwordChangeError, profileMachine } from '../../src/machines/profile.machine';
import { pendingCalls } from '../helpers/fake-effects';
import { deferred, settle, type Pending } from '../helpers/machine-model';

const refusal = (status: number, error: string) => ({ status, message: error, body: { error } });

describe('game admin', () => {
  function startAdmin() {
    const clock = new SimulatedClock();
    const searches: Pending<InviteCandidate[]>[] = [];
    const loads: Pending<GameInvitation[]>[] = [];
    const actor = createActor(
      gameAdminMachine.provide({
        actors: {
          'load invitations': pendingCalls(loads),
          'search players': pendingCalls(searches),
          'invite player': fromPromise(
            async ({ input }: { input: { gameId: string; playerId: string } }) => ({
              message: 'ok',
              invitation: {
                gameId: 'TOWER234',
                toUserId: input.playerId,
                status: 'pending',
              } as GameInvitation,
            }),
          ),
          'watch server news': fromEventObservable(() => NEVER as Observable<GameAdminEvent>),
        },
      }),
      { input: { gameId: 'TOWER234' }, clock },
    ).start();
    return { actor, clock, searches, loads };
  }

  it('searches 300 ms after the last key, from 2 characters', async () => {
    const { actor, clock, searches } = startAdmin();
    actor.send({ type: 'search.typed', query: 'a' });
    expect(actor.getSnapshot().matches({ search: 'tooShort' })).toBe(true);
    actor.send({ type: 'search.typed', query: 'an' });
    clock.increment(299);
    actor.send({ type: 'search.typed', query: 'ana ' });
    clock.increment(299);
    expect(searches).toHaveLength(0);
    clock.increment(1);
    expect(searches.map((search) => search.input)).toEqual([{ gameId: 'TOWER234', query: 'ana' }]);
    searches[0]!.resolve([{ id: 'u', display_name: 'Ana', invitation: null }]);
    await settle();
    expect(actor.getSnapshot().context.candidates).toEqual([
      { id: 'u', display_name: 'Ana', invitation: null },
    ]);
  });

  it('reloads the invitations after inviting, says it was sent, and keeps the player found as invited', async () => {
    const { actor, clock, loads, searches } = startAdmin();
    loads[0]!.resolve([]);
    actor.send({ type: 'search.typed', query: 'an' });
    clock.increment(300);
    searches[0]!.resolve([
      { id: 'u', display_name: 'Ana', invitation: null },
      { id: 'v', display_name: 'Anouk', invitation: 'accepted' },
    ]);
    await settle();
    const loaded = loads.length;
    actor.send({ type: 'player.invite', playerId: 'u' });
    await settle();
    expect(actor.getSnapshot().context.feedback).toEqual({ tone: 'success', text: gameAdminTexts.sent });
    expect(loads).toHaveLength(loaded + 1);
    expect(actor.getSnapshot().context.candidates.map((found) => found.invitation)).toEqual([
      'pending',
      'accepted',
    ]);
    // Declined elsewhere: invitable again.
    actor.send({
      type: 'invitation.updated',
      invitation: { gameId: 'TOWER234', toUserId: 'u', status: 'declined' } as GameInvitation,
    });
    expect(actor.getSnapshot().context.candidates[0]?.invitation).toBeNull();
  });

  it('maps the invitation failures to the spec texts', () => {
    expect(inviteFailure(refusal(400, 'Une invitation est déjà en attente pour ce joueur.'))).toBe(
      'Ce joueur a déjà reçu une invitation pour cette partie. Veuillez attendre sa réponse.',
    );
    expect(inviteFailure(refusal(400, 'Vous ne pouvez pas vous inviter vous-même.'))).toBe(
      "Erreur lors de l'envoi de l'invitation : Vous ne pouvez pas vous inviter vous-même.",
    );
    expect(inviteFailure(refusal(403, 'x'))).toBe(
      "Vous n'êtes pas autorisé à inviter des joueurs dans cette partie.",
    );
    expect(inviteFailure(refusal(404, 'x'))).toBe('Partie non trouvée.');
  });

  it('tells the MJ the player is unknown, not the game, when the server says so (404)', () => {
    expect(inviteFailure(refusal(404, 'Joueur non trouvé'))).toBe('Joueur non trouvé');
    expect(inviteFailure(refusal(404, 'Partie non trouvée.'))).toBe('Partie non trouvée.');
  });
});

describe('game screen', () => {
  const game = { id: 'TOWER234', name: 'La Tour' } as GameData;

  function startScreen(gameId = 'TOWER234', invite: string | null = null) {
    const clock = new SimulatedClock();
    const news = new Subject<GameScreenEvent>();
    const emitted: Array<[string, unknown]> = [];
    let home = 0;
    let stripped = 0;
    const loads: Pending<GameData>[] = [];
    const acceptances: Pending<void>[] = [];
    const actor = createActor(
      gameScreenMachine.provide({
        actors: {
          'accept invitation': pendingCalls(acceptances),
          'load game': pendingCalls(loads),
          'watch table news': fromEventObservable(() => news),
        },
        actions: {
          'emit playerConnected': (_, payload) => void emitted.push(['playerConnected', payload]),
          'emit joinGame': (_, payload) => void emitted.push(['joinGame', payload]),
          'emit leaveGame': (_, payload) => void emitted.push(['leaveGame', payload]),
          'go home': () => void (home += 1),
          'strip invite from address': () => void (stripped += 1),
        },
      }),
      { input: { gameId, playerId: 'char-1', playerName: 'Ana', invite }, clock },
    ).start();
    return { actor, clock, news, emitted, loads, acceptances, homes: () => home, stripped: () => stripped };
  }

  it('accepts the invite link before loading the game, then strips it from the address', async () => {
    const { actor, loads, acceptances, stripped } = startScreen('TOWER234', 'inv-7');
    expect(actor.getSnapshot().value).toBe('acceptingInvitation');
    expect(acceptances[0]?.input).toEqual({ invitationId: 'inv-7' });
    expect(loads).toEqual([]);
    acceptances[0]!.resolve();
    await settle();
    expect(stripped()).toBe(1);
    expect(actor.getSnapshot().context.notice).toEqual({
      tone: 'success',
      text: 'Invitation acceptée ! Vous avez rejoint la partie.',
    });
    expect(actor.getSnapshot().value).toBe('loading');
  });

  it('says why an invitation could not be accepted, and still tries the game', async () => {
    const { actor, loads, acceptances, stripped } = startScreen('TOWER234', 'inv-7');
    acceptances[0]!.reject(refusal(404, 'Invitation non trouvée'));
    await settle();
    expect(stripped()).toBe(1);
    expect(actor.getSnapshot().context.notice).toEqual({
      tone: 'error',
      text: "Erreur lors de l'acceptation de l'invitation : Invitation non trouvée",
    });
    expect(loads).toHaveLength(1);
  });

  it('announces the player and joins 1 s after loading, again after a reconnection, and leaves on the way back', async () => {
    const { actor, clock, news, emitted, loads, homes } = startScreen();
    loads[0]!.resolve(game);
    await settle();
    clock.increment(999);
    expect(emitted).toEqual([]);
    clock.increment(1);
    // platform.md §7: the player is announced (playerConnected) before each join.
    const announce = ['playerConnected', { id: 'char-1', name: 'Ana' }];
    const join = ['joinGame', { gameId: 'TOWER234', playerId: 'char-1', playerName: 'Ana' }];
    expect(emitted).toEqual([announce, join]);
    news.next({ type: 'table.players.updated', players: [{ id: 'u', displayName: 'Ana' }] });
    expect(actor.getSnapshot().context.players).toEqual([{ id: 'u', displayName: 'Ana' }]);
    news.next({ type: 'socket.connected' });
    expect(emitted).toEqual([announce, join, announce, join]);
    actor.send({ type: 'table.leave' });
    expect(emitted.at(-1)).toEqual(['leaveGame', { gameId: 'TOWER234' }]);
    expect(homes()).toBe(1);
  });

  it('shows the refusal of a non-member, then goes home after 2 s', async () => {
    const { actor, clock, loads, emitted, homes } = startScreen();
    loads[0]!.reject(refusal(403, "Vous n'êtes pas autorisé à accéder à cette partie..."));
    await settle();
    expect(actor.getSnapshot().context.refusal).toBe("Vous n'êtes pas autorisé à accéder à cette partie...");
    clock.increment(2000);
    expect(homes()).toBe(1);
    expect(emitted).toEqual([]);
  });

  it('sends a kicked player home', async () => {
    const { actor, clock, news, loads, homes } = startScreen();
    loads[0]!.resolve(game);
    await settle();
    clock.increment(1000);
    news.next({ type: 'table.access.ended', reason: 'kicked' });
    expect(actor.getSnapshot().context.refusal).toBe('Vous avez été expulsé de la partie.');
    clock.increment(2000);
    expect(homes()).toBe(1);
  });
});

describe('profile', () => {
  const user = (displayName: string, email: string): PublicUser => ({
    id: 'u',
    email,
    display_name: displayName,
    username: 'x',
    created_at: '',
    role: 'player',
  });

  it('reads the stored profile when it opens, and keeps the token’s copy with the spec’s text when it cannot', async () => {
    const answers = [deferred<PublicUser>(undefined), deferred<PublicUser>(undefined)];
    const open = (answer: (typeof answers)[number]) =>
      createActor(profileMachine.provide({ actors: { 'load profile': fromPromise(() => answer.promise) } }), {
        input: { displayName: 'Ana', email: 'ana@old.test' },
      }).start();
    const fresh = open(answers[0]!);
    expect(fresh.getSnapshot().matches({ details: 'loading' })).toBe(true);
    fresh.send({ type: 'profile.save', displayName: 'Zed', email: 'z@example.test', currentPassword: '' });
    expect(fresh.getSnapshot().matches({ details: 'loading' })).toBe(true);
    answers[0]!.resolve(user('Anabelle', 'ana@new.test'));
    await settle();
    expect(fresh.getSnapshot().matches({ details: 'editing' })).toBe(true);
    expect(fresh.getSnapshot().context).toMatchObject({
      displayName: 'Anabelle',
      email: 'ana@new.test',
      details: null,
    });
    expect(fresh.getSnapshot().children.availability?.getSnapshot().context).toMatchObject({
      current: 'Anabelle',
    });

    const offline = open(answers[1]!);
    answers[1]!.reject(new TypeError('Failed to fetch'));
    await settle();
    expect(offline.getSnapshot().context).toMatchObject({
      displayName: 'Ana',
      email: 'ana@old.test',
      details: { tone: 'error', text: 'Échec de la récupération du profil' },
    });
  });

  it('downloads the account’s data once at a time, and says how it went', async () => {
    const downloads: Pending<void>[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          'load profile': fromPromise(() => new Promise<PublicUser>(() => {})),
          'download account data': pendingCalls(downloads),
        },
      }),
      { input: { displayName: 'Ana', email: 'ana@example.test' } },
    ).start();
    actor.send({ type: 'data.download' });
    actor.send({ type: 'data.download' });
    expect(actor.getSnapshot().matches({ data: 'downloading' })).toBe(true);
    expect(downloads).toHaveLength(1);
    downloads[0]!.reject(refusal(500, 'Erreur interne du serveur (réf. 1)'));
    await settle();
    expect(actor.getSnapshot().context.data).toEqual({
      tone: 'error',
      text: 'Erreur interne du serveur (réf. 1)',
    });
    actor.send({ type: 'data.download' });
    expect(actor.getSnapshot().context.data).toBeNull();
    downloads[1]!.resolve();
    await settle();
    expect(actor.getSnapshot().matches({ data: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({
      tone: 'success',
      text: 'Vos données ont été téléchargées.',
    });
  });

  it('checks the three password rules in the spec order', () => {
    expect(passwordChangeError({ currentPassword: '', newPassword: 'abcdef', confirmation: 'abcdef' })).toBe(
      'Tous les champs sont requis',
    );
    expect(passwordChangeError({ currentPassword: 'x', newPassword: 'abc', confirmation: 'abc' })).toBe(
      'Le nouveau mot de passe doit contenir au moins 6 caractères',
    );
    expect(passwordChangeError({ currentPassword: 'x', newPassword: 'abcdef', confirmation: 'abcdeg' })).toBe(
      'Les mots de passe ne correspondent pas',
    );
    expect(
      passwordChangeError({ currentPassword: 'x', newPassword: 'abcdef', confirmation: 'abcdef' }),
    ).toBeNull();
  });

  it('asks for the current password when the e-mail changes, and sends it only then', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          'load profile': fromPromise(async () => user('Ana', 'ana@example.test')),
          'update profile': fromPromise(async ({ input }) => {
            sent.push(input);
            return {
              user: user(input.displayName, input.email),
              token: 'jwt-2',
              message: 'Profil mis à jour',
            };
          }),
        },
      }),
      { input: { displayName: 'Ana', email: 'ana@example.test' } },
    ).start();
    await settle();
    actor.send({ type: 'profile.save', displayName: 'Ana', email: 'ana@new.test', currentPassword: '' });
    await settle();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.details).toEqual({
      tone: 'error',
      text: "Le mot de passe actuel est requis pour changer d'adresse e-mail",
    });

    actor.send({
      type: 'profile.save',
      displayName: 'Ana',
      email: 'ana@new.test',
      currentPassword: 'secret-123',
    });
    await settle();
    expect(sent).toEqual([{ displayName: 'Ana', email: 'ana@new.test', currentPassword: 'secret-123' }]);
    expect(actor.getSnapshot().context.email).toBe('ana@new.test');

    // The same address (as the server stores it) is no change: no password travels.
    actor.send({
      type: 'profile.save',
      displayName: 'Anna',
      email: ' ANA@new.test ',
      currentPassword: 'secret-123',
    });
    await settle();
    expect(sent.at(-1)).toEqual({ displayName: 'Anna', email: 'ANA@new.test' });
  });

  it('stores the new token, and after a deletion clears the session and goes home 2 s later', async () => {
    const clock = new SimulatedClock();
    const log: string[] = [];
    const actor = createActor(
      profileMachine.provide({
        actors: {
          'load profile': fromPromise(async () => user('Ana', 'ana@example.test')),
          'update profile': fromPromise(async ({ input }) => ({
            user: user(input.displayName, input.email),
            token: 'jwt-2',
            message: 'Profil mis à jour avec succès',
          })),
          'delete account': fromPromise(async () => ({ message: 'Compte supprimé avec succès' })),
        },
        actions: {
          'store new token': (_, token) => void log.push(`token ${token}`),
          'clear stored credentials': () => void log.push('cleared'),
          'go home': () => void log.push('home'),
        },
      }),
      { input: { displayName: 'Ana', email: 'ana@example.test' }, clock },
    ).start();
    await settle();
    actor.send({
      type: 'profile.save',
      displayName: ' Anabelle ',
      email: 'ana@example.test',
      currentPassword: '',
    });
    await settle();
    expect(log).toEqual(['token jwt-2']);
    expect(actor.getSnapshot().context.displayName).toBe('Anabelle');

    actor.send({ type: 'account.delete.ask', password: '' });
    expect(actor.getSnapshot().context.deletion?.text).toBe(
      'Le mot de passe est requis pour confirmer la suppression',
    );
    actor.send({ type: 'account.delete.ask', password: 'secret-123' });
    expect(actor.getSnapshot().matches({ deletion: 'confirming' })).toBe(true);
    actor.send({ type: 'account.delete.confirm' });
    await settle();
    expect(actor.getSnapshot().context.deletion?.text).toBe('Compte supprimé avec succès');
    clock.increment(1999);
    expect(log).toEqual(['token jwt-2']);
    clock.increment(1);
    expect(log).toEqual(['token jwt-2', 'cleared', 'home']);
  });
});
