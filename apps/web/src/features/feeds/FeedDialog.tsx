import type { Feed, Member } from '@fieldplan/shared';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Message, useIntl } from '../../lib/i18n';
import { FeedForm, feedDefaults } from './FeedForm';
import type { useFeedWrites } from './use-feed-writes';

interface FeedDialogProps {
  open: boolean;
  /** null: a new subscription. */
  feed: Feed | null;
  nextColour: string;
  technicians: readonly Member[];
  writes: ReturnType<typeof useFeedWrites>;
  onClose: () => void;
}

const formId = 'feed-form';

/** Add or edit a subscription; the server loads the address before it says yes, so saving can take a moment. */
export function FeedDialog({ open, feed, nextColour, technicians, writes, onClose }: FeedDialogProps) {
  const [saving, setSaving] = useState(false);
  const intl = useIntl();
  const conflict = writes.conflict && feed && writes.conflict.id === feed.id ? writes.conflict : null;
  const close = () => {
    writes.dismissConflict();
    onClose();
  };
  const notice = conflict && (
    <Alert title={intl.formatMessage({ id: 'feeds.dialog.stale' })}>
      <p>
        <Message id="feeds.dialog.staleHint" values={{ version: String(conflict.version) }} />
      </p>
      <Button size="sm" onClick={writes.reload}>
        <Message id="feeds.dialog.reload" />
      </Button>
    </Alert>
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={
        feed ? (
          <Message id="feeds.dialog.editTitle" values={{ name: feed.name }} />
        ) : (
          <Message id="feeds.dialog.newTitle" />
        )
      }
      description={<Message id="feeds.dialog.description" />}
      footer={
        <>
          <Button onClick={close}>
            <Message id="feeds.dialog.cancel" />
          </Button>
          <Button type="submit" form={formId} variant="primary" loading={saving}>
            {feed ? <Message id="feeds.dialog.save" /> : <Message id="feeds.dialog.subscribe" />}
          </Button>
        </>
      }
    >
      <FeedForm
        // A reloaded version starts the form afresh.
        key={feed ? `${feed.id}:${feed.version}` : 'new'}
        id={formId}
        defaults={feedDefaults(feed, nextColour)}
        technicians={technicians}
        notice={notice}
        saving={saving}
        onSave={async (values) => {
          setSaving(true);
          try {
            if (await writes.save(feed, values)) onClose();
          } finally {
            setSaving(false);
          }
        }}
      />
    </Dialog>
  );
}
