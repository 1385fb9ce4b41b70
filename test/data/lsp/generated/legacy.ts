export const generated = () => fetch('/2023-01/labels', { method: 'POST' });
