import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { monitoringMessages } from './messages';
import './monitoring.css';

/** The frame of the two operators' pages: back home, the title, and the way to the other page. */
export function OperatorsPageFrame({
  title,
  other,
  children,
}: {
  title: string;
  other: { path: string; label: string };
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <main className="admin-page monitoring-page">
      <header className="admin-page__header">
        <button type="button" className="secondary" onClick={() => navigate('/')}>
          {monitoringMessages.back}
        </button>
        <h1>{title}</h1>
        <button type="button" className="secondary" onClick={() => navigate(other.path)}>
          {other.label}
        </button>
      </header>
      {children}
    </main>
  );
}
