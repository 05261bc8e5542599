/** What other features may use of customers; everything else here is its own. */
export { CustomerCombobox } from './CustomerCombobox';
export { useGetCustomerQuery } from './endpoints';
