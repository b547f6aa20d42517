// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AppActorsProvider } from '../../src/ui/app/AppActorsContext';
import { LandingHome } from '../../src/ui/landing/LandingHome';
import type { LandingSceneProps } from '../../src/ui/landing/scene/LandingScene';
import { ana, anaTokens, createFakeApp, serverRefusal, type FakeServer } from './fake-app';
// Loaded up front: the sky's on-page painter is imported lazily, and a load still pending when the
// file ends fails the run (the environment is torn down under it).
import '../../src/ui/landing/scene/particle-painter';

/** The scene's contract without its canvas and music: the logo joins, the bar shows the name. */
function FakeScene({ onJoin, playerName, onBack, children }: LandingSceneProps) {
  return (
    <div>
      <button type="button" onClick={onJoin}>
        Entrer
      </button>
      {playerName && <p data-testid="player-name">{playerName}</p>}
      {playerName && onBack && (
        <button type="button" onClick={onBack}>
          Retour
        </button>
      )}
      {children}
    </div>
  );
}

async function openLanding(server: FakeServer = {}) {
  const app = createFakeApp(server);
  const user = userEvent.setup();
  render(
    <AppActorsProvider actors={app.actors}>
      <MemoryRouter>
        <LandingHome Scene={FakeScene} />
      </MemoryRouter>
    </AppActorsProvider>,
  );
  // The stored session has been checked (and refused, unless the server says otherwise).
  await waitFor(() => expect(app.actors.auth.getSnapshot().hasTag('busy')).toBe(false));
  return { app, user };
}

type Landing = Awaited<ReturnType<typeof openLanding>>;

async function openLogin({ user }: Landing) {
  await user.click(screen.getByRole('button', { name: 'Entrer' }));
  // The forms arrive with the click: a first visit does not load them.
  return screen.findByRole('form', { name: 'Connexion' });
}

async function openRegistration(landing: Landing) {
  await openLogin(landing);
  await landing.user.click(screen.getByRole('button', { name: 'Créer un compte' }));
  return screen.getByRole('form', { name: 'Inscription' });
}

async function logIn({ user }: Landing, password = 'secret-123') {
  const form = screen.getByRole('form', { name: 'Connexion' });
  await user.type(within(form).getByLabelText('Email'), 'ana@example.test');
  await user.type(within(form).getByLabelText('Mot de passe'), password);
  await user.click(within(form).getByRole('button', { name: 'Se connecter' }));
}

async function fillRegistration(
  { user }: Landing,
  form: HTMLElement,
  fields: { displayName: string; confirm?: string },
) {
  await user.type(within(form).getByLabelText('Email'), 'ana@example.test');
  // Typed or pasted, the value reaches the form; the input's own cap is checked separately.
  fireEvent.change(within(form).getByLabelText("Nom d'affichage"), { target: { value: fields.displayName } });
  await user.type(within(form).getByLabelText('Mot de passe'), 'secret-123');
  await user.type(within(form).getByLabelText('Confirmer le mot de passe'), fields.confirm ?? 'secret-123');
  await user.click(within(form).getByRole('button', { name: 'Créer un compte' }));
}

const alertText = () => screen.getByRole('alert').textContent;

/** A server that knows no session until logging in or registering opens one for Ana. */
function serverOpeningSessions(server: Pick<FakeServer, 'login' | 'register'>): FakeServer {
  let open = false;
  const opening =
    <A, R>(call: ((argument: A) => Promise<R>) | undefined) =>
    async (argument: A) => {
      const answer = await call!(argument);
      open = true;
      return answer;
    };
  return {
    login: server.login && opening(server.login),
    register: server.register && opening(server.register),
    verify: async () => (open ? ana : Promise.reject(new Error('Aucun jeton'))),
  };
}

afterEach(cleanup);

describe('landing: overlays', () => {
  it('opens the login overlay from the logo, with its labelled fields', async () => {
    const landing = await openLanding();
    const form = await openLogin(landing);
    expect(screen.getByRole('dialog', { name: 'Connexion' })).toBeTruthy();
    expect(within(form).getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(within(form).getByLabelText('Mot de passe').getAttribute('type')).toBe('password');
    expect(document.activeElement).toBe(within(form).getByLabelText('Email'));
  });

  it('closes with Escape or the close button', async () => {
    const landing = await openLanding();
    await openLogin(landing);
    await landing.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await openLogin(landing);
    await landing.user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches between login and registration', async () => {
    const landing = await openLanding();
    const form = await openRegistration(landing);
    expect(screen.getByRole('heading', { name: 'Inscription' })).toBeTruthy();
    expect(within(form).getByLabelText('Confirmer le mot de passe')).toBeTruthy();
    expect(within(form).getByLabelText('Confirmer le mot de passe')).toBeTruthy();
    await landing.user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByRole('heading', { name: 'Connexion' })).toBeTruthy();
  });
});

describe('landing: the display name’s limit', () => {
  it('shows the limit as one types and cuts nothing', async () => {
    const landing = await openLanding();
    const form = await openRegistration(landing);
    const name = within(form).getByLabelText("Nom d'affichage") as HTMLInputElement;
    expect(within(form).getByText('0 / 10 caractères')).toBeTruthy();
    await landing.user.type(name, 'Maelis le Grand');
    expect(name.value).toBe('Maelis le Grand');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('15 / 10 caractères : 5 de trop')).toBeTruthy();
  });
});

describe('landing: login', () => {
  it("shows the server's text when it refuses", async () => {
    const landing = await openLanding({
      login: () => Promise.reject(serverRefusal(401, 'Email ou mot de passe incorrect')),
    });
    await openLogin(landing);
    await logIn(landing, 'faux');
    await waitFor(() => expect(alertText()).toBe('Email ou mot de passe incorrect'));
    expect(screen.queryByRole('button', { name: 'Déconnexion' })).toBeNull();
  });

  it("shows 'Échec de la connexion' when the server is unreachable", async () => {
    const landing = await openLanding();
    await openLogin(landing);
    await logIn(landing);
    await waitFor(() => expect(alertText()).toBe('Échec de la connexion'));
  });

  it('forgets an error once the visitor switches overlay', async () => {
    const landing = await openLanding();
    await openLogin(landing);
    await logIn(landing);
    await waitFor(() => expect(alertText()).toBe('Échec de la connexion'));
    await landing.user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    expect(alertText()).toBe('');
  });
});

describe('landing: registration', () => {
  it('refuses mismatched passwords', async () => {
    const landing = await openLanding();
    await fillRegistration(landing, await openRegistration(landing), {
      displayName: 'Ana',
      confirm: 'autre-chose',
    });
    expect(alertText()).toBe('Les mots de passe ne correspondent pas.');
    expect(landing.app.record.registrations).toEqual([]);
  });

  it('refuses a blank display name', async () => {
    const landing = await openLanding();
    await fillRegistration(landing, await openRegistration(landing), { displayName: '   ' });
    expect(alertText()).toBe("Le nom d'affichage est requis.");
  });

  it('refuses an 11-character display name', async () => {
    const landing = await openLanding();
    await fillRegistration(landing, await openRegistration(landing), { displayName: 'Onze-lettre' });
    expect(alertText()).toBe("Le nom d'affichage ne peut pas dépasser 10 caractères.");
    expect(landing.app.record.registrations).toEqual([]);
  });

  it('signs the new account in when the server returns a token', async () => {
    const landing = await openLanding(
      serverOpeningSessions({ register: async () => ({ message: 'Compte créé', ...anaTokens }) }),
    );
    await fillRegistration(landing, await openRegistration(landing), { displayName: ' Ana ' });
    expect(await screen.findByRole('button', { name: 'Joueur' })).toBeTruthy();
    expect(landing.app.record.registrations).toEqual([
      { email: 'ana@example.test', password: 'secret-123', displayName: 'Ana' },
    ]);
  });

  it('shows the success message when the account is created without a session', async () => {
    const landing = await openLanding({
      register: async () => ({ message: 'Vérifiez votre boîte mail', userId: 'u-1' }),
    });
    await fillRegistration(landing, await openRegistration(landing), { displayName: 'Ana' });
    expect((await screen.findByRole('status')).textContent).toBe('Vérifiez votre boîte mail');
  });
});

describe('landing: home after login', () => {
  async function signedIn() {
    const landing = await openLanding(serverOpeningSessions({ login: async () => anaTokens }));
    await openLogin(landing);
    await logIn(landing);
    await screen.findByRole('button', { name: 'Déconnexion' });
    return landing;
  }

  it('offers the two modes and shows who is signed in', async () => {
    await signedIn();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Maître du jeu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Joueur' })).toBeTruthy();
    expect(screen.getByRole('navigation').textContent).toContain('Ana');
    expect(screen.getByTestId('player-name').textContent).toBe('Ana');
  });

  it('shows the chosen mode with the way back to the choice', async () => {
    const { user } = await signedIn();
    await user.click(screen.getByRole('button', { name: 'Maître du jeu' }));
    expect(screen.getByRole('heading', { name: 'Maître du jeu' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Changer de mode' }));
    await user.click(screen.getByRole('button', { name: 'Joueur' }));
    expect(screen.getByRole('heading', { name: 'Joueur' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Maître du jeu' })).toBeNull();
  });

  it('returns to the choice from the logo and from the back arrow', async () => {
    const { user } = await signedIn();
    await user.click(screen.getByRole('button', { name: 'Joueur' }));
    await user.click(screen.getByRole('button', { name: 'Entrer' }));
    expect(screen.getByRole('button', { name: 'Maître du jeu' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Joueur' }));
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('button', { name: 'Maître du jeu' })).toBeTruthy();
  });

  it('logs out from the top bar and leaves no overlay open', async () => {
    const { app, user } = await signedIn();
    await user.click(screen.getByRole('button', { name: 'Joueur' }));
    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));
    expect(screen.queryByRole('button', { name: 'Déconnexion' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Joueur' })).toBeNull();
    expect(app.record.endedSessions).toEqual(['jwt-ana']);
    expect(app.stored.size).toBe(0);
  });
});
