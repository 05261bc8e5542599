import { roleMessages } from '../../entities/member';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { Message, useIntl } from '../../lib/i18n';

const demoPassword = 'fieldplan-demo';
const demoAccounts = [
  { email: 'owner@demo.test', role: 'owner' },
  { email: 'dispatcher@demo.test', role: 'dispatcher' },
  { email: 'tech1@demo.test', role: 'technician' },
] as const;

/** On a demo server, the seeded sign-ins one click away. */
export function DemoHint({ onUse }: { onUse: (email: string, password: string) => void }) {
  const intl = useIntl();
  const { data: config } = useGetConfigQuery();
  if (!config?.demo) return null;
  return (
    <div className="demo-hint">
      <p>
        <Message
          id="auth.demo.hint"
          values={{
            password: demoPassword,
            strong: (chunks) => <strong>{chunks}</strong>,
            code: (chunks) => <code>{chunks}</code>,
          }}
        />
      </p>
      <div className="demo-hint-accounts">
        {demoAccounts.map((account) => (
          <button
            key={account.email}
            type="button"
            className="demo-hint-account"
            onClick={() => onUse(account.email, demoPassword)}
          >
            {intl.formatMessage(roleMessages[account.role])}
          </button>
        ))}
      </div>
    </div>
  );
}
