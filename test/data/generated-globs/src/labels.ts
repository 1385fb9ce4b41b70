import { labelRequest } from './gen/labels';

export const createLabels = (ids: string[], svc: string) =>
  fetch('/2023-01/labels', { method: 'POST', body: JSON.stringify(labelRequest(ids, svc)) });

export const account = (id: string) => fetch(`/2023-01/courier_accounts/${id}`);
