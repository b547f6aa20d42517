import { useSelector } from '@xstate/react';
import { useId, useState, type FormEvent } from 'react';
import { SKILL_NAMES } from '../../domain/character/skills';
import { DICE_SIDES, PRESET_COUNTS, ROLL_MODES } from '../../domain/dice/notation';
import { skillLabels } from '../creation/labels';
import type { ChatActor } from './chat-actors';
import { gameChatTexts as texts } from './messages';

/**
 * « Jet public / secret / à l’aveugle »: how the form and the skills roll (the machine keeps it);
 * radios, so the arrow keys move between them.
 */
export function RollModeChoice({ chat }: { chat: ChatActor }) {
  const mode = useSelector(chat, (snapshot) => snapshot.context.rollMode);
  const name = useId();
  return (
    <fieldset className="game-chat__modes">
      <legend>{texts.rollModeLegend}</legend>
      {([null, ...ROLL_MODES] as const).map((choice) => (
        <label key={choice ?? 'public'} className="game-chat__mode">
          <input
            type="radio"
            name={name}
            className="visually-hidden"
            checked={mode === choice}
            onChange={() => chat.send({ type: 'rollMode.change', mode: choice })}
          />
          <span className={`game-chat__chip ${mode === choice ? 'game-chat__chip--on' : ''}`}>
            {texts.rollModes[choice ?? 'public']}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function DiceMenu({ chat, onDone }: { chat: ChatActor; onDone: () => void }) {
  const [sides, setSides] = useState<number | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const [freeCount, setFreeCount] = useState('');
  const [bonus, setBonus] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    chat.send({ type: 'dice.form.submit', form: { sides, count, freeCount, bonus } });
    if (sides !== null && (count !== null || freeCount.trim() !== '')) onDone();
  };
  return (
    <form className="game-chat__popover game-chat__dice" onSubmit={submit} aria-label={texts.diceTitle}>
      <fieldset>
        <legend>{texts.diceType}</legend>
        {DICE_SIDES.map((die) => (
          <button
            key={die}
            type="button"
            className={`game-chat__chip ${sides === die ? 'game-chat__chip--on' : ''}`}
            aria-pressed={sides === die}
            onClick={() => setSides(die)}
          >
            d{die}
          </button>
        ))}
      </fieldset>
      <fieldset>
        <legend>{texts.diceCount}</legend>
        {PRESET_COUNTS.map((preset) => (
          <button
            key={preset}
            type="button"
            className={`game-chat__chip ${count === preset ? 'game-chat__chip--on' : ''}`}
            aria-pressed={count === preset}
            onClick={() => {
              setCount(preset);
              setFreeCount('');
            }}
          >
            {preset}
          </button>
        ))}
        <input
          className="game-chat__small-input"
          inputMode="numeric"
          aria-label={texts.freeCount}
          placeholder={texts.freeCount}
          value={freeCount}
          onChange={(event) => {
            setFreeCount(event.target.value);
            setCount(null);
          }}
        />
      </fieldset>
      <label className="game-chat__bonus">
        {texts.bonus}
        <input
          className="game-chat__small-input"
          inputMode="numeric"
          placeholder="+0"
          value={bonus}
          onChange={(event) => setBonus(event.target.value)}
        />
      </label>
      <RollModeChoice chat={chat} />
      <button type="submit">{texts.roll}</button>
    </form>
  );
}

export function SkillsMenu({ chat, onDone }: { chat: ChatActor; onDone: () => void }) {
  const bonuses = useSelector(chat, (snapshot) => snapshot.context.skillBonuses);
  if (bonuses === null) return null;
  return (
    <ul className="game-chat__popover game-chat__skills" aria-label={texts.skillsTitle}>
      <li className="game-chat__skills-mode">
        <RollModeChoice chat={chat} />
      </li>
      {SKILL_NAMES.map((skill) => {
        const bonus = bonuses[skill] ?? 0;
        return (
          <li key={skill}>
            <button
              type="button"
              onClick={() => {
                chat.send({ type: 'skill.roll', skill, label: skillLabels[skill] });
                onDone();
              }}
            >
              <span>{skillLabels[skill]}</span>
              <span className="game-chat__skill-bonus">{bonus >= 0 ? `+${bonus}` : bonus}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
