import { recordLimits, type Signature, type SignatureRule } from '@fieldplan/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import type { VisitRef } from '../../entities/record/types';
import { Message, useIntl } from '../../lib/i18n';
import type { ShownRecord } from './merge';
import type { useRecordOutbox } from './use-record-outbox';

type RecordOutbox = ReturnType<typeof useRecordOutbox>;

/** A canvas for a finger or stylus (pointer events); reports whether anything was drawn. */
function SignaturePad({
  canvasRef,
  onDrawn,
}: {
  canvasRef: React.RefObject<HTMLCanvasElement | null>;
  onDrawn: (drawn: boolean) => void;
}) {
  const intl = useIntl();
  const last = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    // Drawn at the device's pixel density so the stroke stays sharp; ink is dark on a white card.
    const ratio = window.devicePixelRatio || 1;
    canvas.width = canvas.clientWidth * ratio;
    canvas.height = canvas.clientHeight * ratio;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
  }, [canvasRef]);
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  };
  return (
    <canvas
      ref={canvasRef}
      className="wr-signature-pad"
      role="img"
      aria-label={intl.formatMessage({ id: 'workRecord.signature.pad' })}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        last.current = point(e);
      }}
      onPointerMove={(e) => {
        const from = last.current;
        const context = e.currentTarget.getContext('2d');
        if (!from || !context) return;
        const to = point(e);
        context.beginPath();
        context.moveTo(from.x, from.y);
        context.lineTo(to.x, to.y);
        context.stroke();
        last.current = to;
        onDrawn(true);
      }}
      onPointerUp={() => {
        last.current = null;
      }}
      onPointerCancel={() => {
        last.current = null;
      }}
    />
  );
}

/** The customer's signature: drawn on the phone, the printed name required; clear and sign again. */
export function SignatureSection({
  visit,
  rule,
  signature,
  outbox,
  error,
}: {
  visit: VisitRef;
  rule: SignatureRule;
  signature: ShownRecord['signature'];
  outbox: RecordOutbox;
  error: string | undefined;
}) {
  const intl = useIntl();
  const headingId = useId();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ name?: string; pad?: string }>({});
  const [redo, setRedo] = useState(signature === null);

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setDrawn(false);
  };

  const save = async () => {
    const next: typeof problem = {};
    if (!name.trim()) next.name = intl.formatMessage({ id: 'workRecord.signature.nameRequired' });
    if (!drawn) next.pad = intl.formatMessage({ id: 'workRecord.signature.notDrawn' });
    setProblem(next);
    const canvas = canvasRef.current;
    if (next.name || next.pad || !canvas) return;
    const image = canvas.toDataURL('image/png');
    await outbox.add(
      { type: 'signature', visit, signature: { name: name.trim(), image, signedAt: new Date().toISOString() } },
      'signature',
    );
    setRedo(false);
    clear();
    setName('');
  };

  const signedBy: Signature | null = signature && !('pending' in signature) ? signature : null;
  return (
    <section className="wr-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Message id="workRecord.signature.heading" />
        {rule === 'required' && (
          <span className="wr-required">
            {' '}
            <Message id="workRecord.required.mark" />
          </span>
        )}
      </h2>
      {signature && !redo ? (
        <div className="wr-signed">
          <img
            src={'pending' in signature ? signature.image : signature.imageUrl}
            alt={intl.formatMessage({ id: 'workRecord.signature.alt' }, { name: signature.name })}
            width={240}
            height={100}
          />
          <p>
            {signedBy ? (
              <Message
                id="workRecord.signature.signedTakenBy"
                values={{
                  name: signature.name,
                  technician: signedBy.technicianName,
                  b: (chunks) => <strong>{chunks}</strong>,
                }}
              />
            ) : (
              <Message
                id="workRecord.signature.signedWaiting"
                values={{ name: signature.name, b: (chunks) => <strong>{chunks}</strong> }}
              />
            )}
          </p>
          <Button size="sm" onClick={() => setRedo(true)}>
            <Message id="workRecord.signature.again" />
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <SignaturePad canvasRef={canvasRef} onDrawn={setDrawn} />
          {(problem.pad || error) && (
            <p className="wr-error" role="alert">
              {problem.pad ?? error}
            </p>
          )}
          <TextField
            label={intl.formatMessage({ id: 'workRecord.signature.name' })}
            value={name}
            maxLength={recordLimits.signerNameMax}
            error={problem.name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="off"
          />
          <div className="wr-row">
            <Button type="submit" variant="primary">
              <Message id="workRecord.signature.save" />
            </Button>
            <Button onClick={clear}>
              <Message id="workRecord.signature.clear" />
            </Button>
            {signature && (
              <Button onClick={() => setRedo(false)}>
                <Message id="workRecord.signature.keep" />
              </Button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
