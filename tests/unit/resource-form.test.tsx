// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameResource } from '../../src/api/schemas/resources';
import { ResourceForm } from '../../src/ui/admin/ResourceForm';
import { draftOf, emptyDraft } from '../../src/ui/admin/resource-fields';

afterEach(cleanup);

const memory = (id: string, name: string, type: string) =>
  ({ id, gameId: 'G1', category: 'memory', name, type }) as unknown as GameResource;
const memories = [
  memory('11111111-1111-4111-8111-111111111111', 'Lame FOR', 'Arme'),
  memory('22222222-2222-4222-8222-222222222222', 'Heaume', 'Casque'),
];
const [blade, helm] = memories;

function renderForm(
  category: 'attack' | 'enchantment' | 'memory' | 'monster' | 'map',
  initial = emptyDraft(category),
) {
  const onSubmit = vi.fn();
  render(
    <ResourceForm
      gameId="G1"
      category={category}
      initial={initial}
      memories={memories}
      busy={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  const options = (label: string) =>
    within(screen.getByLabelText(label))
      .getAllByRole('option')
      .map((option) => option.textContent);
  return { onSubmit, options };
}

describe('the resource form’s memory field', () => {
  it('offers an attack the weapons only, and sends the one chosen', () => {
    const { onSubmit, options } = renderForm('attack', {
      ...emptyDraft('attack'),
      name: 'Estoc',
      weaponType: 'Force',
      damageRoll: '1d8',
      cost: 'AS',
    });
    expect(options('Arme liée')).toEqual(['Aucune', 'Lame FOR']);
    fireEvent.change(screen.getByLabelText('Arme liée'), { target: { value: blade!.id } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Estoc', memoryId: blade!.id }));
  });

  it('keeps showing the memory an attack already names, weapon or not, and sends none once cleared', () => {
    const attack = {
      id: 'A1',
      category: 'attack',
      name: 'Coup de tête',
      weaponType: 'Force',
      damageRoll: '1d4',
      cost: 'AS',
      isGlobal: false,
      memoryId: helm!.id,
    };
    const { onSubmit, options } = renderForm('attack', draftOf('attack', attack));
    expect(options('Arme liée')).toEqual(['Aucune', 'Lame FOR', 'Heaume']);
    expect(screen.getByLabelText<HTMLSelectElement>('Arme liée').value).toBe(helm!.id);
    fireEvent.change(screen.getByLabelText('Arme liée'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('memoryId');
  });

  it('offers an enchantment every memory, with its slot', () => {
    const { options } = renderForm('enchantment');
    expect(options('Mémoire enchantée')).toEqual(['Aucune', 'Lame FOR (Arme)', 'Heaume (Casque)']);
  });
});

describe('the resource form’s memory bonuses', () => {
  it('names each bonus as the character sheet does, and sends the stored name', () => {
    const { onSubmit } = renderForm('memory', {
      ...emptyDraft('memory'),
      name: 'Lame FOR',
      type: 'Arme',
      stat: [
        { stat: 'sixiemesens', bonus: 2 },
        { stat: 'damage', bonus: '1d4' },
      ],
    });
    const [first] = screen.getAllByLabelText('Statistique');
    expect(within(first!).getByRole('option', { selected: true }).textContent).toBe('Sixième sens');
    const names = within(first!)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toContain('Athlétisme');
    expect(names).toContain('Dégâts');
    expect(names).not.toContain('athletisme');
    expect(screen.getByRole('button', { name: 'Retirer ce bonus (Dégâts)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ stat: expect.arrayContaining([{ stat: 'sixiemesens', bonus: 2 }]) }),
    );
  });
});

describe('the monster’s size', () => {
  it('offers the six sizes, starts at Moyenne, and sends the one chosen', () => {
    const { onSubmit, options } = renderForm('monster', { ...emptyDraft('monster'), name: 'Ogre' });
    expect(options('Taille')).toEqual([
      '—',
      'Très petite',
      'Petite',
      'Moyenne',
      'Grande',
      'Très grande',
      'Gigantesque',
    ]);
    expect(screen.getByLabelText('Taille')).toHaveProperty('value', 'Moyenne');
    fireEvent.change(screen.getByLabelText('Taille'), { target: { value: 'Très grande' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ogre', size: 'Très grande' }));
  });

  it('leaves a map’s own « Taille », a number, empty', () => {
    expect(emptyDraft('map').size).toBe('');
  });
});

describe('a picture field holding a file of the game', () => {
  it('names the file rather than its path, and gives the link field back on demand', () => {
    const { onSubmit } = renderForm('map', {
      ...emptyDraft('map'),
      name: 'Crypte',
      link: '/shatteredrealms/api/files/F1',
    });
    expect(screen.getByText('Fichier de la partie')).toBeTruthy();
    expect(screen.queryByDisplayValue('/shatteredrealms/api/files/F1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ link: '/shatteredrealms/api/files/F1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mettre un lien à la place' }));
    expect(screen.getByLabelText('Lien de la carte')).toHaveProperty('value', '');
  });
});
