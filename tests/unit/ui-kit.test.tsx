// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../src/ui/components/Dialog';
import { Menu, MenuItem } from '../../src/ui/components/Menu';
import { Notice, OutcomeNotice } from '../../src/ui/components/Notice';

afterEach(cleanup);

/** A button that opens a dialog, as a screen would, and counts the closings asked for. */
function Opener({ closeOnBackdrop = false, inner = false }: { closeOnBackdrop?: boolean; inner?: boolean }) {
  const [open, setOpen] = useState(false);
  const [innerOpen, setInnerOpen] = useState(inner);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open && (
        <Dialog
          title="Mon profil"
          closeLabel="Fermer"
          onClose={() => setOpen(false)}
          closeOnBackdrop={closeOnBackdrop}
        >
          <label>
            Nom
            <input />
          </label>
          {innerOpen && (
            <Dialog title="Confirmer" closeLabel="Fermer la confirmation" onClose={() => setInnerOpen(false)}>
              <button type="button">Oui</button>
            </Dialog>
          )}
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is a dialog named by its title, opened modal, with the focus on its first field', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    const dialog = screen.getByRole('dialog', { name: 'Mon profil' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(document.activeElement).toBe(screen.getByLabelText('Nom'));
  });

  it('closes with Escape and gives the focus back to its opener', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its « × », named for what it closes', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape only the innermost of two dialogs', async () => {
    render(<Opener inner />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog', { name: 'Confirmer' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirmer' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Mon profil' })).toBeTruthy();
  });

  it('stays open on a click of the backdrop unless it says a backdrop click closes it', async () => {
    const backdropClick = () => fireEvent.click(screen.getByRole('dialog'), { clientX: 2000, clientY: 2000 });
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    backdropClick();
    expect(screen.getByRole('dialog')).toBeTruthy();
    cleanup();

    render(<Opener closeOnBackdrop />);
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    fireEvent.click(screen.getByLabelText('Nom'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    backdropClick();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Notice', () => {
  it('says an error as an alert and a success as a status', () => {
    render(
      <>
        <Notice tone="error">Mot de passe actuel incorrect</Notice>
        <Notice tone="success">Profil mis à jour avec succès</Notice>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Mot de passe actuel incorrect');
    expect(screen.getByRole('status').textContent).toBe('Profil mis à jour avec succès');
  });

  it('keeps an empty status in the page while there is no outcome, and can be dismissed', async () => {
    let dismissed = 0;
    render(
      <>
        <OutcomeNotice outcome={null} />
        <Notice tone="info" onDismiss={() => dismissed++} dismissLabel="Masquer le message">
          Partie créée
        </Notice>
      </>,
    );
    const [empty] = screen.getAllByRole('status');
    expect(empty!.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Masquer le message' }));
    expect(dismissed).toBe(1);
  });
});

function MenuFromButton({ picked }: { picked: string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Attaquer
      </button>
      {open && (
        <Menu label="Attaques" onClose={() => setOpen(false)}>
          {['Attaque simple', 'Taillade', 'Tourbillon'].map((name) => (
            <MenuItem
              key={name}
              onSelect={() => {
                picked.push(name);
                setOpen(false);
              }}
            >
              {name}
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}

describe('Menu', () => {
  it('is a menu of menu items; the arrows move between them, Home and End go to the ends', async () => {
    const picked: string[] = [];
    render(<MenuFromButton picked={picked} />);
    await userEvent.click(screen.getByRole('button', { name: 'Attaquer' }));
    const items = screen.getAllByRole('menuitem');
    expect(screen.getByRole('menu', { name: 'Attaques' })).toBeTruthy();
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await userEvent.keyboard('{End}{Enter}');
    expect(picked).toEqual(['Tourbillon']);
  });

  it('closes with Escape and gives the focus back to its button', async () => {
    render(<MenuFromButton picked={[]} />);
    const button = screen.getByRole('button', { name: 'Attaquer' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
