import { useState } from 'react';
import { GAME_NAME_MAX } from '../../domain/games';
import { Field } from '../landing/Field';
import { homeMessages } from './messages';
import { Dialog } from '../components/Dialog';

const texts = homeMessages.prompt;

/** The spec's prompt for a new game's name, as an accessible dialog; an empty name cancels. */
export function GameNamePrompt({
  onSubmit,
  onCancel,
}: {
  onSubmit: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  return (
    <Dialog title={texts.title} closeLabel={homeMessages.close} onClose={onCancel}>
      <form
        aria-label={texts.title}
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() === '') onCancel();
          else onSubmit(name);
        }}
      >
        <Field
          label={texts.label}
          value={name}
          maxLength={GAME_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <div className="dialog__actions">
          <button type="button" className="secondary" onClick={onCancel}>
            {texts.cancel}
          </button>
          <button type="submit">{texts.confirm}</button>
        </div>
      </form>
    </Dialog>
  );
}
