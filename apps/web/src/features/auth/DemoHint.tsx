import { useGetConfigQuery } from '../../entities/session/endpoints';

const demoPassword = 'fieldplan-demo';
const demoAccounts = [
  { email: 'owner@demo.test', label: 'Owner' },
  { email: 'dispatcher@demo.test', label: 'Dispatcher' },
  { email: 'tech1@demo.test', label: 'Technician' },
] as const;

/** On a demo server, the seeded sign-ins one click away. */
export function DemoHint({ onUse }: { onUse: (email: string, password: string) => void }) {
  const { data: config } = useGetConfigQuery();
  if (!config?.demo) return null;
  return (
    <div className="demo-hint">
      <p>
        <strong>Demo workspace.</strong> Password <code>{demoPassword}</code> for every account. Fill in:
      </p>
      <div className="demo-hint-accounts">
        {demoAccounts.map((account) => (
          <button
            key={account.email}
            type="button"
            className="demo-hint-account"
            onClick={() => onUse(account.email, demoPassword)}
          >
            {account.label}
          </button>
        ))}
      </div>
    </div>
  );
}
