import { defineMessages, type MessageDescriptor } from 'react-intl';

/** How the offline banner names a waiting write, by its endpoint (base/ knows only the endpoints). */
const writeLabels: Record<string, MessageDescriptor> = defineMessages({
  createJob: { id: 'errors.write.createJob', defaultMessage: 'a new job' },
  updateJob: { id: 'errors.write.updateJob', defaultMessage: 'a job edit' },
  deleteJob: { id: 'errors.write.deleteJob', defaultMessage: 'a job deletion' },
  changeJobStatus: { id: 'errors.write.changeJobStatus', defaultMessage: 'a job status change' },
  updateMember: { id: 'errors.write.updateMember', defaultMessage: 'a team change' },
  createCustomer: { id: 'errors.write.createCustomer', defaultMessage: 'a new customer' },
  updateCustomer: { id: 'errors.write.updateCustomer', defaultMessage: 'a customer edit' },
  deleteCustomer: { id: 'errors.write.deleteCustomer', defaultMessage: 'a customer deletion' },
  updateWorkspace: { id: 'errors.write.updateWorkspace', defaultMessage: 'a settings change' },
  createArea: { id: 'errors.write.createArea', defaultMessage: 'a new area' },
  updateArea: { id: 'errors.write.updateArea', defaultMessage: 'an area edit' },
  deleteArea: { id: 'errors.write.deleteArea', defaultMessage: 'an area deletion' },
  createInvitation: { id: 'errors.write.createInvitation', defaultMessage: 'an invitation' },
  revokeInvitation: { id: 'errors.write.revokeInvitation', defaultMessage: 'an invitation revocation' },
});

const { anyChange } = defineMessages({ anyChange: { id: 'errors.write.other', defaultMessage: 'a change' } });

/** The words for a waiting write ("a new job"), in the page's language. */
export const writeLabel = (endpointName: string): MessageDescriptor => writeLabels[endpointName] ?? anyChange;
