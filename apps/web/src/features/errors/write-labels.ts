import { defineMessages, type MessageDescriptor } from 'react-intl';

/** How the offline banner names a waiting write, by its endpoint (base/ knows only the endpoints). */
const writeLabels: Record<string, MessageDescriptor> = defineMessages({
  createJob: { id: 'errors.write.createJob' },
  updateJob: { id: 'errors.write.updateJob' },
  deleteJob: { id: 'errors.write.deleteJob' },
  changeJobStatus: { id: 'errors.write.changeJobStatus' },
  updateMember: { id: 'errors.write.updateMember' },
  createCustomer: { id: 'errors.write.createCustomer' },
  updateCustomer: { id: 'errors.write.updateCustomer' },
  deleteCustomer: { id: 'errors.write.deleteCustomer' },
  updateWorkspace: { id: 'errors.write.updateWorkspace' },
  createArea: { id: 'errors.write.createArea' },
  updateArea: { id: 'errors.write.updateArea' },
  deleteArea: { id: 'errors.write.deleteArea' },
  createInvitation: { id: 'errors.write.createInvitation' },
  revokeInvitation: { id: 'errors.write.revokeInvitation' },
});

const { anyChange } = defineMessages({ anyChange: { id: 'errors.write.other' } });

/** The words for a waiting write ("a new job"), in the page's language. */
export const writeLabel = (endpointName: string): MessageDescriptor => writeLabels[endpointName] ?? anyChange;
