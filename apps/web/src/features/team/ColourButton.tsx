import { memberPalette } from '@fieldplan/shared';
import { ColourPicker } from '../../components/ColourPicker';
import { Popover } from '../../components/Popover';
import { colourName } from '../../lib/colour';
import { useIntl } from '../../lib/i18n';

interface ColourButtonProps {
  name: string;
  colour: string;
  disabled?: boolean;
  onChange: (colour: string) => void;
}

/** The member's colour swatch; for owners it opens the palette. */
export function ColourButton({ name, colour, disabled, onChange }: ColourButtonProps) {
  const intl = useIntl();
  const swatch = <span className="colour-dot" style={{ background: colour }} aria-hidden="true" />;
  if (disabled) {
    return (
      <span className="colour-static" title={colourName(colour)}>
        {swatch}
        <span className="visually-hidden">{colourName(colour)}</span>
      </span>
    );
  }
  return (
    <Popover
      buttonClassName="colour-button"
      buttonLabel={intl.formatMessage({ id: 'team.colour.change' }, { name, colour: colourName(colour) })}
      title={intl.formatMessage({ id: 'team.colour.title' }, { name })}
      align="end"
      button={swatch}
    >
      {(close) => (
        <ColourPicker
          label={intl.formatMessage({ id: 'team.colour.title' }, { name })}
          colours={memberPalette}
          value={colour}
          onChange={(next) => {
            close();
            if (next.toLowerCase() !== colour.toLowerCase()) onChange(next);
          }}
        />
      )}
    </Popover>
  );
}
