/** Business constants of docs/PRODUCT.md, "Limits", and the field limits of "Entities and fields". */
export const limits = {
  bodyBytes: 256 * 1024,
  icalImportBytes: 5 * 1024 * 1024,
  signInAttemptsPerMinute: 10,
  sessionDays: 30,
  invitationDays: 7,
  passwordMin: 10,
  passwordMax: 128,
  emailMax: 254,
  nameMax: 80,
  workspaceNameMax: 80,
  slugMin: 3,
  slugMax: 40,
  calendarRangeDays: 100,
  calendarMaxEvents: 5000,
} as const;

/** The work record of a visit (docs/PRODUCT.md, "Limits"): notes, checklists and the customer's signature. */
export const recordLimits = {
  noteMax: 4000,
  templateNameMax: 120,
  titlePatternMax: 120,
  itemsMax: 100,
  itemIdMax: 40,
  itemLabelMax: 200,
  unitMax: 20,
  choicesMin: 2,
  choicesMax: 20,
  choiceMax: 100,
  textAnswerMax: 2000,
  /** Checklist templates per workspace. */
  templatesMax: 200,
  /** Templates attached to one job by hand. */
  attachedMax: 20,
  signerNameMax: 120,
  /** The signature PNG itself, before base64. */
  signatureBytes: 512 * 1024,
} as const;

/** Twelve colour-blind-safe technician colours (Okabe–Ito and tints), assigned in order. */
export const memberPalette = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#7A5FA8',
  '#8C6D1F',
  '#1B7F79',
  '#B8527A',
  '#3D5A80',
  '#A0522D',
] as const;
