import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Message } from '../lib/i18n';
import { Logo } from './Logo';
import './CardPage.css';

interface CardPageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: "New here? Create an account", and the like. */
  footer?: ReactNode;
}

/** A centered card with the product's name and pitch: sign-in, sign-up, invitations, errors. */
export function CardPage({ title, subtitle, children, footer }: CardPageProps) {
  return (
    <div className="card-page">
      <main className="card-page-main">
        <div className="card-page-brand">
          <Link to="/" className="card-page-logo">
            <Logo />
          </Link>
          <p className="card-page-pitch">
            <Message id="components.cardPage.pitch" />
          </p>
        </div>
        <div className="card card-page-card">
          <h1>{title}</h1>
          {subtitle && <p className="card-page-subtitle">{subtitle}</p>}
          <div className="card-page-body">{children}</div>
        </div>
        {footer && <div className="card-page-footer">{footer}</div>}
      </main>
    </div>
  );
}
